"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { LIMIT_DEFAULT } from "@/lib/pets/list-params";
import { applicationsOptions } from "@/lib/react-query/application-queries";
import { primaryButton, secondaryButton } from "@/components/ui/styles";
import { APPLICATION_STATE_LABELS, ApplicationCard } from "./application-card";
import { ApplicationFilters } from "./application-filters";
import { applicationsViewHref, parseApplicationsView, type ApplicationsView } from "./applications-view";
import type { Notice } from "./pet-actions";
import { UnreachableNotice } from "./unreachable-notice";

/** The Applications view: the queue by state, animal and age, "Load more", each application's answers and actions. */
export function ApplicationQueue({
  apiKey,
  canWrite,
  onUnauthorized,
}: {
  apiKey: string;
  canWrite: boolean;
  onUnauthorized: () => void;
}) {
  // Never null in the App Router; the type allows null since pages/ exists (docs/decisions/107).
  const view = parseApplicationsView(useSearchParams() ?? new URLSearchParams());
  const query = useInfiniteQuery(applicationsOptions(apiKey, { ...view, limit: LIMIT_DEFAULT }));
  const [notice, setNotice] = useState<Notice | null>(null);
  const applications = query.data?.pages.flatMap((page) => page.applications) ?? [];

  useEffect(() => {
    if (isUnauthorized(query.error)) onUnauthorized();
  }, [query.error, onUnauthorized]);

  function changeView(next: ApplicationsView) {
    // The history API, as the orders view: the view is this page's own state, so a change needs no request.
    window.history.pushState(null, "", applicationsViewHref(next));
  }

  const what = `${view.state ? `${APPLICATION_STATE_LABELS[view.state].toLowerCase()} ` : ""}applications`;

  return (
    <section aria-labelledby="applications-heading" className="min-w-0">
      <h2 id="applications-heading" className="mb-4 text-2xl font-bold tracking-tight">
        Applications
      </h2>
      <ApplicationFilters
        apiKey={apiKey}
        view={view}
        petIds={[...new Set(applications.map(({ petId }) => petId))]}
        onChange={changeView}
      />

      <div role="status" aria-live="polite" className="my-3 min-h-6">
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
      <UnreachableNotice failureReason={query.failureReason} what="applications" />

      {query.isPending ? (
        <p role="status" aria-busy="true">
          Loading applications…
        </p>
      ) : query.isError && !query.data ? (
        <div
          role="alert"
          className="rounded-2xl border border-red-700/40 bg-red-50 p-6 text-red-950 dark:border-red-300/40 dark:bg-red-950 dark:text-red-50"
        >
          <p className="font-semibold">The applications could not be loaded.</p>
          <p className="mt-1">{query.error.message}</p>
          <button type="button" onClick={() => query.refetch()} className={`${secondaryButton} mt-4`}>
            Retry
          </button>
        </div>
      ) : applications.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center dark:border-stone-700">
          <p className="text-lg font-semibold">No {what} here</p>
        </div>
      ) : (
        <>
          <ul aria-label={`${what[0]!.toUpperCase()}${what.slice(1)}, newest first`} className="space-y-4">
            {applications.map((application) => (
              <li key={application.id}>
                <ApplicationCard apiKey={apiKey} application={application} canWrite={canWrite} onNotice={setNotice} />
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-stone-700 dark:text-stone-300" role="status">
              Showing {applications.length} {applications.length === 1 ? "application" : "applications"}
              {query.hasNextPage ? "" : " — that is all"}
            </p>
            {query.isFetchNextPageError ? (
              <p role="alert" className="text-sm text-red-800 dark:text-red-300">
                More applications could not be loaded.
              </p>
            ) : null}
            {query.hasNextPage ? (
              <button
                type="button"
                onClick={() => void query.fetchNextPage()}
                aria-disabled={query.isFetchingNextPage || undefined}
                className={`${primaryButton} aria-disabled:cursor-wait aria-disabled:opacity-80`}
              >
                {query.isFetchingNextPage ? "Loading…" : "Load more"}
              </button>
            ) : null}
          </div>
        </>
      )}
    </section>
  );
}
