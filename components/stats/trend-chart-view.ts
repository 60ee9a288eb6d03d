import type { StatsFigures } from "@/lib/stats/figures-json";
import { formatCount, monthLong, monthShort, monthsWords } from "./stats-words";

/*
 * The trend chart's drawing, worked out apart from its markup: where each month and count
 * falls in the SVG's box, the axis' round steps, and the sentence that carries every number
 * for whoever cannot see the lines.
 */

export type TrendPoint = StatsFigures["trend"][number];

export const CHART = { width: 560, height: 260, left: 44, right: 96, top: 16, bottom: 40 } as const;

/** A step of 1, 2 or 5 times a power of ten, so that about `ticks` steps reach `max`. */
export function niceStep(max: number, ticks = 4): number {
  if (max <= ticks) return 1;
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((each) => each * power).find((each) => each >= rough) as number;
  return step;
}

/** The axis' ticks, from 0 to the first step at or above the largest count. */
export function axisTicks(max: number): number[] {
  const step = niceStep(max);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return Array.from({ length: top / step + 1 }, (_, index) => index * step);
}

export type Series = { name: "Intakes" | "Outcomes"; points: { x: number; y: number; count: number }[]; path: string };
export type TrendGeometry = {
  ticks: { value: number; y: number }[];
  months: { x: number; label: string; year?: string }[];
  series: [Series, Series];
  /** Where each series' name is written, beside its last point, kept apart so the two never overlap. */
  labels: { name: string; y: number }[];
};

const LABEL_GAP = 16;

export function trendGeometry(points: readonly TrendPoint[]): TrendGeometry {
  const plotWidth = CHART.width - CHART.left - CHART.right;
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const max = Math.max(0, ...points.flatMap((point) => [point.intakes, point.outcomes]));
  const ticks = axisTicks(max);
  const top = ticks[ticks.length - 1] as number;
  const xOf = (index: number) =>
    CHART.left + (points.length <= 1 ? plotWidth / 2 : (plotWidth * index) / (points.length - 1));
  const yOf = (count: number) => CHART.top + plotHeight - (plotHeight * count) / top;
  const seriesOf = (name: Series["name"], countOf: (point: TrendPoint) => number): Series => {
    const placed = points.map((point, index) => ({ x: xOf(index), y: yOf(countOf(point)), count: countOf(point) }));
    return { name, points: placed, path: placed.map(({ x, y }, index) => `${index ? "L" : "M"}${x},${y}`).join(" ") };
  };
  const series: [Series, Series] = [
    seriesOf("Intakes", (point) => point.intakes),
    seriesOf("Outcomes", (point) => point.outcomes),
  ];
  return {
    ticks: ticks.map((value) => ({ value, y: yOf(value) })),
    months: points.map((point, index) => ({
      x: xOf(index),
      label: monthShort(point.month).slice(0, 3),
      ...(index === 0 || point.month.endsWith("-01") ? { year: point.month.slice(0, 4) } : {}),
    })),
    series,
    labels: separated(series.map((each) => ({ name: each.name, y: each.points.at(-1)?.y ?? yOf(0) }))),
  };
}

/** Moves two labels apart when their lines end close together: the higher one up, the lower one down. */
function separated(labels: { name: string; y: number }[]): { name: string; y: number }[] {
  const [a, b] = labels as [{ name: string; y: number }, { name: string; y: number }];
  const gap = Math.abs(a.y - b.y);
  if (gap >= LABEL_GAP) return labels;
  const middle = (a.y + b.y) / 2;
  const [upper, lower] = a.y <= b.y ? [a, b] : [b, a];
  return labels.map((label) => ({
    name: label.name,
    y: label === upper ? middle - LABEL_GAP / 2 : label === lower ? middle + LABEL_GAP / 2 : label.y,
  }));
}

/** Every number of the chart in words: its description for screen readers. */
export function trendDescription(points: readonly TrendPoint[]): string {
  const list = (countOf: (point: TrendPoint) => number) =>
    points.map((point) => `${monthLong(point.month)} ${formatCount(countOf(point))}`).join(", ");
  return `Intakes and outcomes each month, ${monthsWords(points.map((point) => point.month))}. Intakes: ${list(
    (point) => point.intakes,
  )}. Outcomes: ${list((point) => point.outcomes)}.`;
}
