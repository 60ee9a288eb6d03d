"use client";

import { fieldLabel, secondaryButton, textInput } from "@/components/ui/styles";
import { CHANGE_KINDS, resourceOf, type ActivityView } from "./activity-view";
import { RESOURCE_WORDS } from "./activity-words";

/**
 * The Activity view's filters: who, which animal or record, what kind of change, which days.
 * Committed together by "Show" (one history entry, one fetch: docs/decisions/074's rule),
 * and drawn afresh from the URL after Back (the parent keys this form by the view).
 */
export function ActivityFilters({ view, onChange }: { view: ActivityView; onChange: (view: ActivityView) => void }) {
  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "").trim() || undefined;
    onChange({
      ...view,
      actor: value("actor"),
      resource: resourceOf(value("resource")),
      type: value("type"),
      since: value("since"),
      until: value("until"),
    });
  }
  return (
    <form onSubmit={submit} aria-label="Filter the activity" className="mb-6 flex flex-wrap items-start gap-4">
      <div className="min-w-56 flex-1">
        <label htmlFor="activity-actor" className={fieldLabel}>
          Who
        </label>
        <input
          id="activity-actor"
          name="actor"
          defaultValue={view.actor}
          aria-describedby="activity-actor-hint"
          className={`${textInput} mt-1`}
          autoComplete="off"
          spellCheck={false}
        />
        <p id="activity-actor-hint" className="mt-1 text-xs text-stone-700 dark:text-stone-300">
          api_key:&lt;id&gt;, person:&lt;id&gt;, operator or system
        </p>
      </div>
      <div className="min-w-44 flex-1">
        <label htmlFor="activity-resource" className={fieldLabel}>
          Animal or record
        </label>
        <input
          id="activity-resource"
          name="resource"
          defaultValue={view.resource?.replace(/^pet:/, "")}
          aria-describedby="activity-resource-hint"
          className={`${textInput} mt-1`}
          autoComplete="off"
          spellCheck={false}
        />
        <p id="activity-resource-hint" className="mt-1 text-xs text-stone-700 dark:text-stone-300">
          An animal&apos;s number, or order:7, key:&lt;id&gt;…
        </p>
      </div>
      <div className="min-w-44">
        <label htmlFor="activity-type" className={fieldLabel}>
          Kind of change
        </label>
        <select id="activity-type" name="type" defaultValue={view.type ?? ""} className={`${textInput} mt-1`}>
          <option value="">Any</option>
          {CHANGE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {RESOURCE_WORDS[kind.slice(0, -1)]?.many ?? kind}
            </option>
          ))}
          {view.type && !CHANGE_KINDS.includes(view.type) ? <option value={view.type}>{view.type}</option> : null}
        </select>
      </div>
      <div>
        <label htmlFor="activity-since" className={fieldLabel}>
          From
        </label>
        <input id="activity-since" name="since" type="date" defaultValue={view.since} className={`${textInput} mt-1`} />
      </div>
      <div>
        <label htmlFor="activity-until" className={fieldLabel}>
          To
        </label>
        <input id="activity-until" name="until" type="date" defaultValue={view.until} className={`${textInput} mt-1`} />
      </div>
      {/* Level with the fields, below their labels (the hints hang under two of them). */}
      <div className="pt-6">
        <button type="submit" className={secondaryButton}>
          Show
        </button>
      </div>
    </form>
  );
}
