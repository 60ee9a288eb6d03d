"use client";

import { primaryButton, secondaryButton } from "@/components/ui/styles";
import type { Notice } from "./notice";

/*
 * The pieces every paged list of the console shares (pets, orders, applications, activity):
 * the live region for an action's outcome, the failed first load, and the footer that counts
 * what is shown and loads more.
 */

/** One live region for every action's outcome in a list; a refusal says why. */
export function ActionNotice({ notice, className = "mb-3" }: { notice: Notice | null; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={`${className} min-h-6`}>
      {notice ? (
        <p
          className={
            notice.kind === "failed"
              ? "font-semibold text-red-800 dark:text-red-300"
              : "text-teal-900 dark:text-teal-200"
          }
        >
          {notice.text}
        </p>
      ) : null}
    </div>
  );
}

/** The first page could not be loaded (and nothing is shown from before): why, and Retry. */
export function LoadFailed({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-red-700/40 bg-red-50 p-6 text-red-950 dark:border-red-300/40 dark:bg-red-950 dark:text-red-50"
    >
      <p className="font-semibold">The {what} could not be loaded.</p>
      <p className="mt-1">{error.message}</p>
      <button type="button" onClick={onRetry} className={`${secondaryButton} mt-4`}>
        Retry
      </button>
    </div>
  );
}

/** "Showing 12 orders — that is all", or "Load more" while there is a next page. */
export function ListFooter({
  count,
  one,
  many,
  query,
  onLoadMore,
}: {
  count: number;
  /** What one item is called, and more than one: "order", "orders". */
  one: string;
  many: string;
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; isFetchNextPageError: boolean };
  onLoadMore: () => void;
}) {
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-stone-700 dark:text-stone-300" role="status">
        Showing {count} {count === 1 ? one : many}
        {query.hasNextPage ? "" : " — that is all"}
      </p>
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-300">
          More {many} could not be loaded.
        </p>
      ) : null}
      {query.hasNextPage ? (
        <button
          type="button"
          onClick={onLoadMore}
          aria-disabled={query.isFetchingNextPage || undefined}
          className={`${primaryButton} aria-disabled:cursor-wait aria-disabled:opacity-80`}
        >
          {query.isFetchingNextPage ? "Loading…" : "Load more"}
        </button>
      ) : null}
    </div>
  );
}
