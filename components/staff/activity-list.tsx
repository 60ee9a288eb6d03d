"use client";

import { Time } from "@/components/ui/time";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect } from "react";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import type { AuditEntry } from "@/lib/audit/schemas";
import { auditOptions } from "@/lib/react-query/audit-queries";
import { ActivityFilters } from "./activity-filters";
import { activityViewHref, auditQueryOf, parseActivityView, type ActivityView } from "./activity-view";
import { actorFilterOf, actorLabel, changeWords, entryHeadline, resourceLabel } from "./activity-words";
import { UnreachableNotice } from "./unreachable-notice";
import { LoadFailed, ListFooter } from "./list-parts";

/** Who did what, newest first: the filters in the URL, each entry in words, "Load more". */
export function ActivityList({ apiKey, onUnauthorized }: { apiKey: string; onUnauthorized: () => void }) {
  // Never null in the App Router; the type allows null since pages/ exists (docs/decisions/107).
  const view = parseActivityView(useSearchParams() ?? new URLSearchParams());
  const query = useInfiniteQuery(auditOptions(apiKey, { ...auditQueryOf(view), limit: view.limit }));
  const entries = query.data?.pages.flatMap((page) => page.entries) ?? [];

  useEffect(() => {
    if (isUnauthorized(query.error)) onUnauthorized();
  }, [query.error, onUnauthorized]);

  function changeView(next: ActivityView) {
    // The history API, as the orders view: the view is this page's own state.
    window.history.pushState(null, "", activityViewHref(next));
  }

  const href = activityViewHref(view);
  return (
    <section aria-labelledby="activity-heading" className="min-w-0">
      <h2 id="activity-heading" className="mb-4 text-2xl font-bold tracking-tight">
        Who did what
      </h2>
      <ActivityFilters key={href} view={view} onChange={changeView} />
      <UnreachableNotice failureReason={query.failureReason} what="changes" />
      {query.isPending ? (
        <p role="status" aria-busy="true">
          Loading the activity…
        </p>
      ) : query.isError && !query.data ? (
        <LoadFailed what="activity" error={query.error} onRetry={() => void query.refetch()} />
      ) : entries.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center dark:border-stone-700">
          <p className="text-lg font-semibold">No changes match</p>
        </div>
      ) : (
        <>
          <ol
            aria-label="Changes, newest first"
            className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900"
          >
            {entries.map((entry) => (
              <ActivityEntry key={entry.id} entry={entry} view={view} onChange={changeView} />
            ))}
          </ol>
          <ListFooter
            count={entries.length}
            one="change"
            many="changes"
            query={query}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}

/** One change: what (in one line), who and when, each a link to the changes of that resource or by that actor. */
function ActivityEntry({
  entry,
  view,
  onChange,
}: {
  entry: AuditEntry;
  view: ActivityView;
  onChange: (view: ActivityView) => void;
}) {
  const created = entry.changes.length > 0 && entry.changes.every((change) => change.from === undefined);
  const { resource } = entry;
  const actor = actorFilterOf(entry.actor);
  return (
    <li className="px-4 py-3">
      <p className="font-semibold wrap-anywhere">
        {resource ? (
          <FilterLink view={{ ...view, resource: `${resource.type}:${resource.id}` }} onChange={onChange}>
            {entryHeadline(entry)}
            <span className="sr-only"> (show only the changes to {resourceLabel(resource)})</span>
          </FilterLink>
        ) : (
          entryHeadline(entry)
        )}
      </p>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        by{" "}
        <FilterLink view={{ ...view, actor }} onChange={onChange}>
          {actorLabel(entry.actor, entry.actorName)}
          <span className="sr-only"> (show only their changes)</span>
        </FilterLink>{" "}
        · <Time iso={entry.time} />
      </p>
      {created ? (
        <p className="mt-1 text-sm wrap-anywhere text-stone-700 dark:text-stone-300">
          {entry.changes.map((change) => changeWords(change, resource?.type)).join("; ")}
        </p>
      ) : null}
    </li>
  );
}

/** A link to another view of this page: a real address (a new tab works), followed without a page load. */
function FilterLink({
  view,
  onChange,
  children,
}: {
  view: ActivityView;
  onChange: (view: ActivityView) => void;
  children: React.ReactNode;
}) {
  return (
    <a
      href={activityViewHref(view)}
      className="underline decoration-stone-400 underline-offset-2 hover:decoration-current"
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        onChange(view);
      }}
    >
      {children}
    </a>
  );
}
