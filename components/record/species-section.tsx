"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { categoryLabel } from "@/lib/categories/schemas";
import { SAC_SPECIES, type SacSpecies } from "@/lib/animal-record/sac-species";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { setCategorySpeciesWithKey, type CategorySpeciesRow } from "@/lib/api-client/species-api";
import { categoriesOptions } from "@/lib/react-query/category-queries";
import { categorySpeciesOptions, recordKeys } from "@/lib/react-query/record-queries";
import { LoadFailed } from "@/components/staff/list-parts";
import { primaryButton, textInput } from "@/components/ui/styles";
import { smallButton } from "./form-toggle";
import { errorsOnFields } from "./record-form-view";
import { SPECIES_WORDS } from "./record-words";

/**
 * Which species Shelter Animals Count counts each category under (docs/decisions/248): set
 * once here by staff holding categories:write; an unmapped category is counted as such, and
 * the server's guess from the category's name is offered first.
 */
export function SpeciesSection({
  apiKey,
  canWrite,
  onUnauthorized,
}: {
  apiKey: string;
  canWrite: boolean;
  onUnauthorized: () => void;
}) {
  const rows = useQuery(categorySpeciesOptions(apiKey));
  const categories = useQuery(categoriesOptions(apiKey));
  useEffect(() => {
    if (isUnauthorized(rows.error)) onUnauthorized();
  }, [rows.error, onUnauthorized]);
  const names = new Map(categories.data?.map((category) => [category.id, category.name]));
  return (
    <section aria-labelledby="species-heading" className="grid gap-3">
      <h2 id="species-heading" className="text-2xl font-bold tracking-tight">
        Categories&apos; species
      </h2>
      <p className="text-stone-700 dark:text-stone-300">
        Shelter Animals Count reports animals by species. Each category counts as one species.
      </p>
      {rows.isError ? (
        <LoadFailed what="species mapping" error={rows.error} onRetry={() => void rows.refetch()} />
      ) : !rows.data ? (
        <p role="status">Loading the categories…</p>
      ) : rows.data.length === 0 ? (
        <p>No category yet.</p>
      ) : (
        <ul className="grid gap-3">
          {rows.data.map((row) => (
            <SpeciesRow
              key={row.categoryId}
              apiKey={apiKey}
              row={row}
              name={categoryLabel(row.categoryId, names)}
              canWrite={canWrite}
              onUnauthorized={onUnauthorized}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function SpeciesRow({
  apiKey,
  row,
  name,
  canWrite,
  onUnauthorized,
}: {
  apiKey: string;
  row: CategorySpeciesRow;
  name: string;
  canWrite: boolean;
  onUnauthorized: () => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const now = row.species === "unmapped" ? "Unmapped" : SPECIES_WORDS[row.species];
  const suggested = row.species === "unmapped" && row.suggested ? ` (suggested: ${SPECIES_WORDS[row.suggested]})` : "";

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const species = String(new FormData(event.currentTarget).get("species")) as SacSpecies;
    setBusy(true);
    setSaved(false);
    try {
      await setCategorySpeciesWithKey(apiKey, row.categoryId, species);
      setProblem(null);
      setSaved(true);
      await queryClient.invalidateQueries({ queryKey: recordKeys.species() });
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      setProblem(errorsOnFields(error, {}, "save the species").form ?? null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="rounded-xl border border-stone-200 p-3 dark:border-stone-800">
      <p className="wrap-anywhere">
        <span className="font-semibold">{name}</span>: {now}
        {suggested}
      </p>
      {canWrite ? (
        <form onSubmit={save} aria-label={`Species of ${name}`} className="mt-2 flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={id} className="block text-sm font-semibold">
              Counts as
            </label>
            <select
              id={id}
              name="species"
              defaultValue={row.species === "unmapped" ? (row.suggested ?? "other") : row.species}
              aria-describedby={problem ? `${id}-problem` : undefined}
              className={`${textInput} h-9 py-0`}
            >
              {SAC_SPECIES.map((species) => (
                <option key={species} value={species}>
                  {SPECIES_WORDS[species]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" disabled={busy} className={`${primaryButton} ${smallButton}`}>
            Save<span className="sr-only"> the species of {name}</span>
          </button>
          <p id={`${id}-problem`} role="status" className="basis-full text-sm">
            {problem ? (
              <span className="font-semibold text-red-800 dark:text-red-300">{problem}</span>
            ) : saved ? (
              "Saved."
            ) : (
              ""
            )}
          </p>
        </form>
      ) : null}
    </li>
  );
}
