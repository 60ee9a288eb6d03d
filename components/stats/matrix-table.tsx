import type { CellHref } from "./stat-number";
import { StatNumber } from "./stat-number";
import { MATRIX_COLUMNS, matrixSections, type MatrixRow, type MatrixTableData } from "./matrix-view";
import { SPECIES_WORDS } from "./stats-words";
import { CAPTION, HEAD, HEADER_CELL, NUMBER_CELL, ROW, ROW_HEADER, TABLE, TABLE_FRAME } from "./table-styles";

type Props = {
  table: MatrixTableData;
  /** The period in words, for the caption: "December 2025 to November 2026". */
  periodWords: string;
  /** Unique on the page: names the caption the scrolling frame is labelled by. */
  id: string;
  cellHref?: CellHref;
};

/**
 * SAC's Basic Data Matrix of one species or all, in SAC's order, zeros shown: a row header for
 * each line, a column for each age group and the total. The frame scrolls sideways on a phone
 * and takes focus, so a keyboard can scroll it too.
 */
export function MatrixTable({ table, periodWords, id, cellHref }: Props) {
  const captionId = `${id}-caption`;
  return (
    <div className={TABLE_FRAME} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={TABLE}>
        <caption id={captionId} className={CAPTION}>
          Basic Data Matrix, {SPECIES_WORDS[table.species]}: {periodWords}
        </caption>
        <thead className={HEAD}>
          <tr>
            <th scope="col" className={HEADER_CELL}>
              Count
            </th>
            {MATRIX_COLUMNS.map((column) => (
              <th key={column.ageGroup} scope="col" className={`${HEADER_CELL} text-right`}>
                {column.label}
              </th>
            ))}
            <th scope="col" className={`${HEADER_CELL} text-right`}>
              All ages
            </th>
          </tr>
        </thead>
        {matrixSections(table).map((section) => (
          <tbody key={section.id}>
            <tr className={ROW}>
              <th scope="rowgroup" colSpan={MATRIX_COLUMNS.length + 2} className={`${HEADER_CELL} pt-4`}>
                {section.heading}
              </th>
            </tr>
            {section.rows.map((row) => (
              <MatrixTableRow key={row.label} row={row} cellHref={cellHref} />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

function MatrixTableRow({ row, cellHref }: { row: MatrixRow; cellHref?: CellHref }) {
  const weight = row.isTotal ? "font-semibold" : "font-normal";
  return (
    <tr className={ROW}>
      <th scope="row" className={`${ROW_HEADER} ${weight}`}>
        {/* A distance line is part of the row above: indented under it. */}
        {row.detail ? (
          <span className="ml-5 inline-block text-stone-700 dark:text-stone-300">{row.label}</span>
        ) : (
          row.label
        )}
      </th>
      {row.byAge ? (
        row.byAge.map((number) => (
          <td key={number.figureKey} className={`${NUMBER_CELL} ${weight}`}>
            <StatNumber {...number} cellHref={cellHref} />
          </td>
        ))
      ) : (
        // A census is counted by species, not by age group.
        <td colSpan={MATRIX_COLUMNS.length} className={`${NUMBER_CELL} text-stone-600 dark:text-stone-400`}>
          <span className="sr-only">Not counted by age</span>
        </td>
      )}
      <td className={`${NUMBER_CELL} ${weight}`}>
        <StatNumber {...row.allAges} cellHref={cellHref} />
      </td>
    </tr>
  );
}
