import type { StatsFigures } from "@/lib/stats/figures-json";
import { StatNumber, type CellHref } from "./stat-number";
import { SPECIES_WORDS, formatRate, withheldWords } from "./stats-words";
import {
  CAPTION,
  HEAD,
  HEADER_CELL,
  NOTE,
  NUMBER_CELL,
  ROW,
  ROW_HEADER,
  TABLE,
  TABLE_FRAME,
  WITHHELD_CELL,
} from "./table-styles";

type Props = { figures: StatsFigures["liveReleaseRate"]; id: string; cellHref?: CellHref };

/**
 * The live release rate for all species and each, with its formula written beside it. A rate
 * of too few outcomes is not given: its counts are, with the reason (lib/stats/small-counts.ts).
 */
export function LiveReleaseRate({ figures, id, cellHref }: Props) {
  const captionId = `${id}-caption`;
  return (
    <div className="space-y-3">
      <p className={NOTE}>
        <span className="font-semibold">Live release rate</span> = {figures.formula}. Owner-intended euthanasia is left
        out because the owner, not the shelter, chose it. With fewer than {figures.minimum} outcomes counted the rate is
        not given; its counts are.
      </p>
      <div className={TABLE_FRAME} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={TABLE}>
          <caption id={captionId} className={CAPTION}>
            Live release rate by species
          </caption>
          <thead className={HEAD}>
            <tr>
              <th scope="col" className={HEADER_CELL}>
                Species
              </th>
              <th scope="col" className={`${HEADER_CELL} text-right`}>
                Live outcomes
              </th>
              <th scope="col" className={`${HEADER_CELL} text-right`}>
                Outcomes counted
              </th>
              <th scope="col" className={`${HEADER_CELL} text-right`}>
                Rate
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.figures.map((figure) => {
              return (
                <tr key={figure.species} className={ROW}>
                  <th
                    scope="row"
                    className={`${ROW_HEADER} ${figure.species === "all" ? "font-semibold" : "font-normal"}`}
                  >
                    {SPECIES_WORDS[figure.species]}
                  </th>
                  <td className={NUMBER_CELL}>
                    <StatNumber
                      count={figure.live}
                      figureKey={`live_release_rate/live/${figure.species}`}
                      cellHref={cellHref}
                    />
                  </td>
                  <td className={NUMBER_CELL}>
                    <StatNumber
                      count={figure.counted}
                      figureKey={`live_release_rate/counted/${figure.species}`}
                      cellHref={cellHref}
                    />
                  </td>
                  <td className={figure.rate === null ? WITHHELD_CELL : `${NUMBER_CELL} font-semibold`}>
                    {figure.rate === null
                      ? withheldWords(figure.withheld ?? { message: "Not enough outcomes" })
                      : formatRate(figure.rate)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
