import type { StatsFigures } from "@/lib/stats/figures-json";
import { StatNumber, type CellHref } from "./stat-number";
import { SPECIES_WORDS, formatDays, withheldWords } from "./stats-words";
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

type Props = { figures: StatsFigures["lengthOfStay"]; id: string; cellHref?: CellHref };

/**
 * Length of stay of the animals that left in the period, by species: the median and the 90th
 * percentile; with too few stays neither is given, and the count says how many there were.
 */
export function LengthOfStay({ figures, id, cellHref }: Props) {
  const captionId = `${id}-caption`;
  return (
    <div className="space-y-3">
      <p className={NOTE}>
        Days from arrival to leaving, time in foster care included, for the animals that left in the period: half stayed
        less than the median, nine in ten less than the 90th percentile. With fewer than {figures.minimum} animals
        neither is given.
      </p>
      <div className={TABLE_FRAME} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={TABLE}>
          <caption id={captionId} className={CAPTION}>
            Length of stay by species
          </caption>
          <thead className={HEAD}>
            <tr>
              <th scope="col" className={HEADER_CELL}>
                Species
              </th>
              <th scope="col" className={`${HEADER_CELL} text-right`}>
                Animals that left
              </th>
              <th scope="col" className={`${HEADER_CELL} text-right`}>
                Median
              </th>
              <th scope="col" className={`${HEADER_CELL} text-right`}>
                90th percentile
              </th>
            </tr>
          </thead>
          <tbody>
            {figures.figures.map((figure) => (
              <tr key={figure.species} className={ROW}>
                <th
                  scope="row"
                  className={`${ROW_HEADER} ${figure.species === "all" ? "font-semibold" : "font-normal"}`}
                >
                  {SPECIES_WORDS[figure.species]}
                </th>
                <td className={NUMBER_CELL}>
                  <StatNumber count={figure.count} figureKey={`length_of_stay/${figure.species}`} cellHref={cellHref} />
                </td>
                {figure.medianDays === null || figure.percentile90Days === null ? (
                  <td colSpan={2} className={WITHHELD_CELL}>
                    {withheldWords(figure.withheld ?? { message: "Too few animals" })}
                  </td>
                ) : (
                  <>
                    <td className={NUMBER_CELL}>{formatDays(figure.medianDays)}</td>
                    <td className={NUMBER_CELL}>{formatDays(figure.percentile90Days)}</td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
