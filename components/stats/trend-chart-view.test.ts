import { describe, expect, it } from "vitest";
import { CHART, axisTicks, niceStep, trendDescription, trendGeometry } from "./trend-chart-view";

const points = [
  { month: "2025-12", intakes: 12, outcomes: 3 },
  { month: "2026-01", intakes: 0, outcomes: 40 },
  { month: "2026-02", intakes: 20, outcomes: 21 },
];

describe("the trend chart's drawing", () => {
  it("steps its axis by 1, 2 or 5 times a power of ten up to the largest count", () => {
    expect(niceStep(3)).toBe(1);
    expect(niceStep(40)).toBe(10);
    expect(niceStep(70)).toBe(20);
    expect(niceStep(1800)).toBe(500);
    expect(axisTicks(40)).toEqual([0, 10, 20, 30, 40]);
    expect(axisTicks(41)).toEqual([0, 20, 40, 60]);
    expect(axisTicks(0)).toEqual([0, 1]);
  });

  it("places the months across the plot and the counts up its height, 0 at the bottom", () => {
    const { series, months, ticks } = trendGeometry(points);
    const bottom = CHART.height - CHART.bottom;
    expect(months.map((month) => [month.label, month.year])).toEqual([
      ["Dec", "2025"],
      ["Jan", "2026"],
      ["Feb", undefined],
    ]);
    expect(series[0].points.map((point) => point.x)).toEqual([CHART.left, 254, CHART.width - CHART.right]);
    expect(series[0].points[1]?.y).toBe(bottom);
    expect(series[1].points[1]?.y).toBe(CHART.top);
    expect(ticks.at(-1)).toEqual({ value: 40, y: CHART.top });
    expect(series[1].path).toMatch(/^M44,\d+(\.\d+)? L254,16 L464,/);
  });

  it("keeps the two lines' names apart when the lines end close together", () => {
    const [intakes, outcomes] = trendGeometry(points).labels;
    expect(Math.abs((intakes?.y ?? 0) - (outcomes?.y ?? 0))).toBeGreaterThanOrEqual(16);
    expect(intakes!.y).toBeGreaterThan(outcomes!.y); // fewer intakes: its name below
  });

  it("says every number in its description", () => {
    expect(trendDescription(points)).toBe(
      "Intakes and outcomes each month, December 2025 to February 2026. Intakes: December 2025 12, January 2026 0, February 2026 20. Outcomes: December 2025 3, January 2026 40, February 2026 21.",
    );
  });
});
