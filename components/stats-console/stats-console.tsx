"use client";

// First: every schema the statistics build is then made without eval, which the CSP forbids (docs/decisions/007).
import "@/lib/api-client/zod-without-eval";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useEffect, useState } from "react";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { statsKeys, statsOptions } from "@/lib/react-query/stats-queries";
import { LoadFailed } from "@/components/staff/list-parts";
import { StaffViewShell } from "@/components/staff/staff-view-shell";
import { UnreachableNotice } from "@/components/staff/unreachable-notice";
import { PeriodPicker } from "./period-picker";
import { StatsFiguresView } from "./stats-figures-view";
import { StatsExports } from "./stats-exports";
import { localToday, parseStatsView, periodWords, statsViewHref, type StatsView } from "./stats-view";

/** The Statistics view (issue 42): a period's figures, each leading to the animals behind it, and its exports. */
export function StatsConsole() {
  return (
    <StaffViewShell
      queryKey={statsKeys.all}
      needs="pets:read"
      refused="This key may not read the animals' records: it needs the pets:read scope."
    >
      {({ apiKey, onUnauthorized }) => <StatsPeriodView apiKey={apiKey} onUnauthorized={onUnauthorized} />}
    </StaffViewShell>
  );
}

function StatsPeriodView({ apiKey, onUnauthorized }: { apiKey: string; onUnauthorized: () => void }) {
  // The browser's day, once: the default period and how far the picker reaches.
  const [today] = useState(localToday);
  // Never null in the App Router; the type allows null since pages/ exists (docs/decisions/107).
  const { view, explicit } = parseStatsView(useSearchParams() ?? new URLSearchParams(), today);
  const query = useQuery(statsOptions(apiKey, view.period));

  const href = statsViewHref(view);
  useEffect(() => {
    // The address always names the period shown, so a copied link shows the same numbers later.
    if (!explicit) window.history.replaceState(null, "", href);
  }, [explicit, href]);
  useEffect(() => {
    if (isUnauthorized(query.error)) onUnauthorized();
  }, [query.error, onUnauthorized]);

  function changeView(next: StatsView) {
    // The history API, as the orders view: the view is this page's own state, so Back restores it.
    window.history.pushState(null, "", statsViewHref(next));
  }

  const shown = query.data?.matrix.period.id;
  return (
    <div className="min-w-0 space-y-12">
      <div className="space-y-3">
        <PeriodPicker
          period={view.period}
          today={today}
          hrefOf={(period) => statsViewHref({ ...view, period })}
          onChange={(period) => changeView({ ...view, period })}
        />
        <UnreachableNotice failureReason={query.failureReason} what="figures" />
        <p role="status" aria-busy={query.isFetching || undefined} className="min-h-6">
          {query.isPending || query.isPlaceholderData
            ? `Loading the statistics for ${periodWords(view.period)}…`
            : null}
        </p>
      </div>
      {query.isPending ? null : query.isError && !query.data ? (
        <LoadFailed what="statistics" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <StatsFiguresView
            figures={query.data}
            species={view.species}
            speciesHref={(species) => statsViewHref({ ...view, species })}
            onSpecies={(species) => changeView({ ...view, species })}
          />
          {shown === view.period ? (
            <StatsExports
              apiKey={apiKey}
              period={view.period}
              matrix={query.data.matrix}
              onUnauthorized={onUnauthorized}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
