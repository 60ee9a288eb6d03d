"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import type { ApplicationState } from "@/lib/applications/states";
import { LIMIT_DEFAULT } from "@/lib/paging/page-limits";
import { applicationsOptions } from "@/lib/react-query/application-queries";
import { ApplicationCard } from "./application-card";
import { ApplicationFilters } from "./application-filters";
import { applicationsViewHref, parseApplicationsView, type ApplicationsView } from "./applications-view";
import type { Notice } from "./notice";
import { UnreachableNotice } from "./unreachable-notice";
import { ActionNotice, LoadFailed, ListFooter } from "./list-parts";

/** Applications in one state, as an empty state or the list's name reads them ("No applications in review"). */
const APPLICATION_LIST_WORDS: Record<ApplicationState, string> = {
  submitted: "submitted applications",
  in_review: "applications in review",
  approved: "approved applications",
  declined: "declined applications",
  withdrawn: "withdrawn applications",
};

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

  const what = view.state ? APPLICATION_LIST_WORDS[view.state] : "applications";

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

      <ActionNotice notice={notice} className="my-3" />
      <UnreachableNotice failureReason={query.failureReason} what="applications" />

      {query.isPending ? (
        <p role="status" aria-busy="true">
          Loading applications…
        </p>
      ) : query.isError && !query.data ? (
        <LoadFailed what="applications" error={query.error} onRetry={() => void query.refetch()} />
      ) : applications.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 px-6 py-12 text-center dark:border-stone-700">
          <p className="text-lg font-semibold">
            No {what}
            {view.petId === undefined ? "" : " for this animal"}
          </p>
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
          <ListFooter
            count={applications.length}
            one="application"
            many="applications"
            query={query}
            onLoadMore={() => void query.fetchNextPage()}
          />
        </>
      )}
    </section>
  );
}
