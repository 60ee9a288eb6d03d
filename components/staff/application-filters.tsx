"use client";

import { useQuery } from "@tanstack/react-query";
import { APPLICATION_STATES } from "@/lib/applications/states";
import { staffPetOptions } from "@/lib/react-query/order-queries";
import { fieldLabel, textInput } from "@/components/ui/styles";
import { APPLICATION_STATE_LABELS } from "./application-card";
import { AGE_FILTERS, type AgeFilter, type ApplicationsView } from "./applications-view";
import { useCommittedChoice } from "./use-committed-choice";

const tab =
  "inline-flex h-11 items-center rounded-full border border-stone-400 px-4 font-semibold aria-pressed:border-teal-700 aria-pressed:bg-teal-700 aria-pressed:text-white dark:border-stone-500 dark:aria-pressed:border-teal-300 dark:aria-pressed:bg-teal-300 dark:aria-pressed:text-stone-950";

/**
 * The queue's filters: a state (or all), an animal, an age. `petIds`: the animals the
 * applications shown so far are for, offered in the animal filter.
 */
export function ApplicationFilters({
  apiKey,
  view,
  petIds,
  onChange,
}: {
  apiKey: string;
  view: ApplicationsView;
  petIds: readonly number[];
  onChange: (view: ApplicationsView) => void;
}) {
  const petChoice = useCommittedChoice(String(view.petId ?? ""), (value) =>
    onChange({ ...view, petId: value ? Number(value) : undefined }),
  );
  const ageChoice = useCommittedChoice(String(view.olderThanDays ?? ""), (value) =>
    onChange({ ...view, olderThanDays: value ? (Number(value) as AgeFilter) : undefined }),
  );
  const animals = [...new Set([...(view.petId ? [view.petId] : []), ...petIds])];
  return (
    <div className="space-y-4">
      <div role="group" aria-label="Applications by state" className="flex flex-wrap gap-2">
        {[...APPLICATION_STATES, undefined].map((state) => (
          <button
            key={state ?? "all"}
            type="button"
            aria-pressed={view.state === state}
            className={tab}
            onClick={() => onChange({ ...view, state })}
          >
            {state ? APPLICATION_STATE_LABELS[state] : "All"}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap gap-4">
        <div className="min-w-40 flex-1 sm:flex-none">
          <label htmlFor="application-animal" className={fieldLabel}>
            Animal
          </label>
          <select id="application-animal" {...petChoice} className={`${textInput} mt-1`}>
            <option value="">All animals</option>
            {animals.map((petId) => (
              <AnimalOption key={petId} apiKey={apiKey} petId={petId} />
            ))}
          </select>
        </div>
        <div className="min-w-40 flex-1 sm:flex-none">
          <label htmlFor="application-age" className={fieldLabel}>
            Waiting
          </label>
          <select id="application-age" {...ageChoice} className={`${textInput} mt-1`}>
            <option value="">Any time</option>
            {AGE_FILTERS.map((days) => (
              <option key={days} value={days}>
                Older than {days} days
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

function AnimalOption({ apiKey, petId }: { apiKey: string; petId: number }) {
  const pet = useQuery(staffPetOptions(apiKey, petId));
  return <option value={petId}>{pet.data?.name ?? `pet #${petId}`}</option>;
}
