import { CHART, trendDescription, trendGeometry, type TrendPoint } from "./trend-chart-view";
import { monthsWords } from "./stats-words";

/*
 * Intakes and outcomes per month as inline SVG, readable without colour: intakes are a solid
 * line with round marks, outcomes a dashed line with square marks, each named at its end.
 * Its numbers are in its description (role="img" named by its title) and in the table
 * TrendTable draws beside it.
 */

const AXIS = "fill-stone-700 dark:fill-stone-300";
const INTAKES = "stroke-teal-700 dark:stroke-teal-300";
const OUTCOMES = "stroke-amber-700 dark:stroke-amber-300";

export function TrendChart({ points, id }: { points: readonly TrendPoint[]; id: string }) {
  const { ticks, months, series, labels } = trendGeometry(points);
  const [intakes, outcomes] = series;
  const bottom = CHART.height - CHART.bottom;
  return (
    <svg
      viewBox={`0 0 ${CHART.width} ${CHART.height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-desc`}
      className="h-auto w-full max-w-3xl text-[13px]"
    >
      <title
        id={`${id}-title`}
      >{`Intakes and outcomes per month, ${monthsWords(points.map((point) => point.month))}`}</title>
      <desc id={`${id}-desc`}>{trendDescription(points)}</desc>
      {ticks.map((tick) => (
        <g key={tick.value}>
          <line
            x1={CHART.left}
            x2={CHART.width - CHART.right}
            y1={tick.y}
            y2={tick.y}
            className="stroke-stone-200 dark:stroke-stone-700"
          />
          <text x={CHART.left - 6} y={tick.y} dy="0.32em" textAnchor="end" className={AXIS}>
            {tick.value}
          </text>
        </g>
      ))}
      {months.map((month) => (
        <text key={month.x} x={month.x} y={bottom + 16} textAnchor="middle" className={AXIS}>
          {month.label}
          {month.year ? (
            <tspan x={month.x} dy="1.2em">
              {month.year}
            </tspan>
          ) : null}
        </text>
      ))}
      <path d={intakes.path} fill="none" strokeWidth={2.5} className={INTAKES} />
      <path d={outcomes.path} fill="none" strokeWidth={2.5} strokeDasharray="7 4" className={OUTCOMES} />
      {intakes.points.map((point) => (
        <circle
          key={point.x}
          cx={point.x}
          cy={point.y}
          r={4.5}
          strokeWidth={2}
          className={`fill-teal-700 dark:fill-teal-300 ${INTAKES}`}
        />
      ))}
      {outcomes.points.map((point) => (
        <rect
          key={point.x}
          x={point.x - 4}
          y={point.y - 4}
          width={8}
          height={8}
          strokeWidth={2}
          className={`fill-white dark:fill-stone-900 ${OUTCOMES}`}
        />
      ))}
      {labels.map((label) => (
        <text
          key={label.name}
          x={CHART.width - CHART.right + 10}
          y={label.y}
          dy="0.32em"
          className={`font-semibold ${label.name === "Intakes" ? "fill-teal-800 dark:fill-teal-200" : "fill-amber-800 dark:fill-amber-200"}`}
        >
          {label.name}
        </text>
      ))}
    </svg>
  );
}
