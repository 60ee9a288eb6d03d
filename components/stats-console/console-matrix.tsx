import { FigureLink } from "./figure-link";
import { speciesWords } from "./figure-words";
import { MATRIX_AGES, matrixSections, type MatrixTable } from "./matrix-rows";

const cell = "px-3 py-2 text-right tabular-nums";

/** SAC's Basic Data Matrix of one species (or all), every count linked to the animals behind it. */
export function ConsoleMatrix({ period, table }: { period: string; table: MatrixTable }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
      <table className="w-full min-w-[36rem] border-collapse">
        <caption className="sr-only">Basic Data Matrix: {speciesWords(table.species)}</caption>
        <thead className="border-b border-stone-200 text-sm dark:border-stone-800">
          <tr>
            <th scope="col" className="px-3 py-2 text-left">
              Line
            </th>
            {MATRIX_AGES.map(({ age, words }) => (
              <th key={age} scope="col" className="px-3 py-2 text-right">
                {words}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 text-right">
              Total
            </th>
          </tr>
        </thead>
        {matrixSections(table).map((section) => (
          <tbody key={section.title} className="divide-y divide-stone-200 dark:divide-stone-800">
            <tr className="bg-stone-100 dark:bg-stone-800">
              <th scope="colgroup" colSpan={5} className="px-3 py-2 text-left font-bold">
                {section.title}
              </th>
            </tr>
            {section.rows.map((row) => (
              <tr
                key={row.label}
                className={
                  row.total
                    ? "border-t-2 border-stone-300 font-semibold dark:border-stone-600"
                    : row.detail
                      ? "text-sm text-stone-700 dark:text-stone-300"
                      : undefined
                }
              >
                <th
                  scope="row"
                  className={`px-3 py-2 text-left ${row.total ? "font-semibold" : "font-normal"} ${row.detail ? "pl-8" : ""}`}
                >
                  {row.label}
                </th>
                {row.counts.map((count, index) =>
                  count ? (
                    <td key={index} className={cell}>
                      <FigureLink period={period} cell={count.key} count={count.count} />
                    </td>
                  ) : (
                    <td key={index} />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}
