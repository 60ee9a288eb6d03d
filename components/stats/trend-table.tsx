import { StatNumber, type CellHref } from "./stat-number";
import type { TrendPoint } from "./trend-chart-view";
import { monthShort } from "./stats-words";
import { CAPTION, HEAD, HEADER_CELL, NUMBER_CELL, ROW, ROW_HEADER, TABLE, TABLE_FRAME } from "./table-styles";

/** The trend chart's numbers as a table: a month a row, its intakes and outcomes. */
export function TrendTable({
  points,
  id,
  cellHref,
}: {
  points: readonly TrendPoint[];
  id: string;
  cellHref?: CellHref;
}) {
  const captionId = `${id}-caption`;
  return (
    <div className={TABLE_FRAME} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={TABLE}>
        <caption id={captionId} className={CAPTION}>
          Intakes and outcomes by month
        </caption>
        <thead className={HEAD}>
          <tr>
            <th scope="col" className={HEADER_CELL}>
              Month
            </th>
            <th scope="col" className={`${HEADER_CELL} text-right`}>
              Intakes
            </th>
            <th scope="col" className={`${HEADER_CELL} text-right`}>
              Outcomes
            </th>
          </tr>
        </thead>
        <tbody>
          {points.map((point) => (
            <tr key={point.month} className={ROW}>
              <th scope="row" className={`${ROW_HEADER} font-normal`}>
                {monthShort(point.month)}
              </th>
              <td className={NUMBER_CELL}>
                <StatNumber count={point.intakes} figureKey={`trend/${point.month}/intakes`} cellHref={cellHref} />
              </td>
              <td className={NUMBER_CELL}>
                <StatNumber count={point.outcomes} figureKey={`trend/${point.month}/outcomes`} cellHref={cellHref} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
