"use client";

import { useState } from "react";
import { EVENT_TYPE_NAMES } from "@/lib/events/event-types";
import { readableTypes } from "@/lib/events/visibility";
import type { Scope } from "@/lib/keys/scopes";

/**
 * Which events a new endpoint receives. Only the types the signed-in person may read are
 * offered (docs/decisions/209: the API refuses the others), and "every event" only to one
 * who may read every type. The form reads the choice as `eventTypes` entries.
 */
export function WebhookEventChoice({ scopes }: { scopes: readonly string[] }) {
  const offered = readableTypes(scopes as Scope[]);
  const mayChooseAll = offered.length === EVENT_TYPE_NAMES.length;
  const [every, setEvery] = useState(mayChooseAll);
  return (
    <fieldset className="sm:col-span-3">
      <legend className="text-sm font-semibold">Events to send</legend>
      {mayChooseAll ? (
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-1 text-sm">
          <label className="flex items-center gap-2">
            <input type="radio" name="every" checked={every} onChange={() => setEvery(true)} />
            Every event, and types added later
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="every" checked={!every} onChange={() => setEvery(false)} />
            Only the events I choose
          </label>
        </div>
      ) : (
        <p className="mt-1 text-sm">Choose at least one; only the events your role may read are offered.</p>
      )}
      {every ? (
        <input type="hidden" name="eventTypes" value="*" />
      ) : (
        <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {offered.map((type) => (
            <li key={type}>
              <label className="flex items-center gap-2 break-words">
                <input type="checkbox" name="eventTypes" value={type} />
                <code>{type}</code>
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
