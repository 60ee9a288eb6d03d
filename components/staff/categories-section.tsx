"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { createCategoryWithKey, renameCategoryWithKey } from "@/lib/api-client/categories-api";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { categoriesOptions, categoryKeys } from "@/lib/react-query/category-queries";
import { panel, secondaryButton, textInput } from "@/components/ui/styles";
import type { Notice } from "./notice";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/** Create and rename the named categories (categories:write); pets keep their category ids. */
export function CategoriesSection({ apiKey, onUnauthorized }: { apiKey: string; onUnauthorized: () => void }) {
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesOptions(apiKey)).data ?? [];
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  async function act(call: () => Promise<string>, what: string) {
    setBusy(true);
    try {
      setNotice({ kind: "done", text: await call() });
      await queryClient.invalidateQueries({ queryKey: categoryKeys.all });
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      setNotice({
        kind: "failed",
        text: `Could not ${what}: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      setBusy(false);
    }
  }

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get("name") ?? "").trim();
    if (!name) return setNotice({ kind: "failed", text: "Could not create the category: enter its name." });
    void act(async () => {
      const category = await createCategoryWithKey(apiKey, name);
      form.reset();
      return `Created “${category.name}” (#${category.id}).`;
    }, "create the category");
  }

  function rename(id: number, event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name") ?? "").trim();
    if (!name) return setNotice({ kind: "failed", text: `Could not rename category #${id}: enter its name.` });
    void act(async () => {
      const category = await renameCategoryWithKey(apiKey, id, name);
      return `Renamed category #${category.id} to “${category.name}”.`;
    }, `rename category #${id}`);
  }

  return (
    <section aria-labelledby="categories-heading" className={`${panel} mt-8`}>
      <h2 id="categories-heading" className="text-xl font-semibold">
        Categories
      </h2>
      <p
        role="status"
        className={`mt-2 min-h-6 text-sm ${notice?.kind === "failed" ? "font-semibold text-red-800 dark:text-red-300" : "text-teal-900 dark:text-teal-200"}`}
      >
        {notice?.text}
      </p>
      <ul className="mt-2 space-y-2">
        {categories.map((category) => (
          <li key={category.id}>
            <form onSubmit={(event) => rename(category.id, event)} className="flex flex-wrap items-center gap-2">
              <span className="w-10 text-sm text-stone-700 dark:text-stone-300">#{category.id}</span>
              <input
                name="name"
                aria-label={`Category #${category.id}`}
                defaultValue={category.name}
                key={category.name}
                maxLength={100}
                autoComplete="off"
                className={`${textInput} h-9 min-w-0 flex-1`}
              />
              <button type="submit" disabled={busy} className={`${secondaryButton} ${small}`}>
                Rename<span className="sr-only"> category #{category.id}</span>
              </button>
            </form>
          </li>
        ))}
      </ul>
      <form onSubmit={create} className="mt-4 flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-sm font-semibold">
          New category
          <input name="name" maxLength={100} autoComplete="off" className={`${textInput} mt-1 h-9 w-full`} />
        </label>
        <button type="submit" disabled={busy} className={`${secondaryButton} ${small}`}>
          Create category
        </button>
      </form>
    </section>
  );
}
