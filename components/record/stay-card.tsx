import type { ReactNode } from "react";
import type { Stay } from "@/lib/animal-record/stay-schemas";
import { Time } from "@/components/ui/time";
import { CONDITION_WORDS, INTAKE_TYPE_WORDS, OUTCOME_TYPE_WORDS, SOURCE_KIND_WORDS, typeWords } from "./record-words";

const term = "text-sm font-semibold text-stone-700 dark:text-stone-300";
const party = (p?: { name: string; phone?: string; email?: string }) =>
  p ? [p.name, p.phone, p.email].filter(Boolean).join(" · ") : undefined;

/** One stay as staff read it: how it began, where the animal was, how it ended; `actions` below. */
export function StayCard({ stay, actions }: { stay: Stay; actions?: ReactNode }) {
  const { intake, outcome } = stay;
  const source = party(intake.personal?.source);
  const destination = party(outcome?.personal?.destination);
  return (
    <article
      aria-labelledby={`stay-${stay.id}`}
      className="rounded-xl border border-stone-200 p-4 dark:border-stone-800"
    >
      <h4 id={`stay-${stay.id}`} className="font-semibold">
        Stay #{stay.id}: {outcome ? "ended" : "open"}
      </h4>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className={term}>Intake</dt>
        <dd className="wrap-anywhere">
          {typeWords(INTAKE_TYPE_WORDS, intake.type, intake.subtype)}, <Time iso={intake.at} />
        </dd>
        <dt className={term}>Condition</dt>
        <dd>{CONDITION_WORDS[intake.condition]}</dd>
        <dt className={term}>Brought by</dt>
        <dd className="wrap-anywhere">
          {SOURCE_KIND_WORDS[intake.sourceKind]}
          {source ? `: ${source}` : ""}
        </dd>
        {intake.personal?.notes ? (
          <>
            <dt className={term}>Intake notes</dt>
            <dd className="whitespace-pre-line wrap-anywhere">{intake.personal.notes}</dd>
          </>
        ) : null}
        <dt className={term}>Foster</dt>
        <dd>
          {stay.placements.length === 0 ? (
            "No placements"
          ) : (
            <ul className="grid gap-1">
              {stay.placements.map((placement) => (
                <li key={placement.id} className="wrap-anywhere">
                  {placement.personal?.carer.name ?? "A foster carer"}: from {placement.from}
                  {placement.until ? ` until ${placement.until}` : ", still in foster"}
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt className={term}>Outcome</dt>
        <dd className="wrap-anywhere">
          {outcome ? (
            <>
              {typeWords(OUTCOME_TYPE_WORDS, outcome.type, outcome.subtype)}, <Time iso={outcome.at} />
              {destination ? ` · to ${destination}` : ""}
            </>
          ) : (
            "None yet: in care"
          )}
        </dd>
        {outcome?.personal?.notes ? (
          <>
            <dt className={term}>Outcome notes</dt>
            <dd className="whitespace-pre-line wrap-anywhere">{outcome.personal.notes}</dd>
          </>
        ) : null}
      </dl>
      {actions ? <div className="mt-3 flex flex-wrap gap-2">{actions}</div> : null}
    </article>
  );
}
