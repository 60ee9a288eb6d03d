"use client";

import type { FormEvent } from "react";
import { fieldLabel, secondaryButton, textInput } from "@/components/ui/styles";
import { NAME_MAX_LENGTH } from "@/lib/pets/schemas";

/**
 * Search the staff list by name: applied on Enter or "Search", not per keystroke, so each
 * search is one request and one history entry; an emptied search shows every pet again.
 */
export function NameSearch({ value, onSearch }: { value?: string; onSearch: (q: string | undefined) => void }) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get("q") ?? "").trim();
    onSearch(q || undefined);
  }
  return (
    <form role="search" aria-label="Pets by name" onSubmit={submit} className="flex items-end gap-2">
      <div>
        <label htmlFor="pet-search" className={fieldLabel}>
          Search by name
        </label>
        {/* Keyed on the value, so Back and Forward show the search their address holds. */}
        <input
          key={value ?? ""}
          id="pet-search"
          name="q"
          type="search"
          maxLength={NAME_MAX_LENGTH}
          defaultValue={value ?? ""}
          className={`${textInput} mt-1 w-44`}
        />
      </div>
      <button type="submit" className={`${secondaryButton} h-11`}>
        Search
      </button>
    </form>
  );
}
