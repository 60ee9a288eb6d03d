import type { MedicalEntry, TreatmentItem } from "@/lib/animal-record/medical-schemas";
import { MEDICAL_KIND_WORDS } from "./record-words";

const CELL = "px-3 py-2 align-top first:pl-4 last:pr-4";

/** The vaccinations, tests and treatments given, newest first. Notes are staff's only (never adopters'). */
export function MedicalEntryTable({
  entries,
  items,
  petName,
}: {
  entries: readonly MedicalEntry[];
  items: readonly TreatmentItem[];
  petName: string;
}) {
  if (entries.length === 0) return <p>No vaccination, test or treatment is recorded for {petName}.</p>;
  const names = new Map(items.map((item) => [item.id, item.name]));
  const newest = [...entries].sort((a, b) => b.givenOn.localeCompare(a.givenOn) || b.id - a.id);
  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 dark:border-stone-800">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{petName}&apos;s vaccinations, tests and treatments, newest first</caption>
        <thead className="bg-stone-100 dark:bg-stone-800">
          <tr>
            <th scope="col" className={CELL}>
              Given on
            </th>
            <th scope="col" className={CELL}>
              Treatment
            </th>
            <th scope="col" className={`${CELL} hidden sm:table-cell`}>
              Given by
            </th>
            <th scope="col" className={CELL}>
              Next due
            </th>
          </tr>
        </thead>
        <tbody>
          {newest.map((entry) => (
            <tr key={entry.id} className="border-t border-stone-200 dark:border-stone-800">
              <td className={`${CELL} tabular-nums`}>{entry.givenOn}</td>
              <th scope="row" className={`${CELL} font-medium wrap-anywhere`}>
                {names.get(entry.itemId) ?? `Item ${entry.itemId}`}
                <span className="block font-normal text-stone-700 dark:text-stone-300">
                  {MEDICAL_KIND_WORDS[entry.kind]}
                  {entry.lot ? ` · lot ${entry.lot}` : ""}
                  {entry.result ? ` · ${entry.result}` : ""}
                </span>
                <span className="block font-normal text-stone-700 sm:hidden dark:text-stone-300">
                  by {entry.givenBy}
                </span>
                {entry.notes ? <span className="block font-normal whitespace-pre-line">{entry.notes}</span> : null}
              </th>
              <td className={`${CELL} hidden wrap-anywhere sm:table-cell`}>{entry.givenBy}</td>
              <td className={`${CELL} tabular-nums`}>{entry.nextDue ?? "Not repeated"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
