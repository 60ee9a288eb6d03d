import type { ReactNode } from "react";
import { PawIcon } from "@/components/pets/paw-icon";

/** A button whose words may wrap on a narrow screen: it grows instead of spilling out. */
export const wrapping = (button: string) => button.replace("h-11", "min-h-11 py-2 text-center");

export const LINK = "font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200";

/** A page of the application's that says one thing in words: a title, a few sentences, links on. */
export function ApplyNotice({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <article className="max-w-2xl wrap-anywhere">
      <div className="flex items-start gap-4">
        {/* Beside the words from sm up; on a phone the words take the whole width. */}
        <div className="hidden size-16 shrink-0 place-items-center sm:grid rounded-full bg-teal-50 text-teal-700 dark:bg-teal-950 dark:text-teal-300">
          <PawIcon className="size-8" />
        </div>
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
          <div className="mt-3 grid gap-3 text-lg text-stone-700 dark:text-stone-300">{children}</div>
        </div>
      </div>
    </article>
  );
}
