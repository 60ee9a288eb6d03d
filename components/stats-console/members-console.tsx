"use client";

// First: every schema the statistics build is then made without eval, which the CSP forbids (docs/decisions/007).
import "@/lib/api-client/zod-without-eval";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { statsKeys, statsMembersOptions } from "@/lib/react-query/stats-queries";
import { LoadFailed } from "@/components/staff/list-parts";
import { StaffViewShell } from "@/components/staff/staff-view-shell";
import { UnreachableNotice } from "@/components/staff/unreachable-notice";
import { secondaryButton } from "@/components/ui/styles";
import { figureWords, isFigureKey } from "./figure-words";
import { isPeriodId, periodWords, stayRecordHref, statsViewHref } from "./stats-view";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";
/** Rows shown at a time: a ten-year figure can count thousands of stays. */
const PAGE = 200;

/** The drill-down (issue 42): the animals and stays one figure counts, each leading to its record. */
export function MembersConsole() {
  return (
    <StaffViewShell
      queryKey={statsKeys.all}
      needs="pets:read"
      refused="This key may not read the animals' records: it needs the pets:read scope."
    >
      {({ apiKey, onUnauthorized }) => <MembersView apiKey={apiKey} onUnauthorized={onUnauthorized} />}
    </StaffViewShell>
  );
}

function MembersView({ apiKey, onUnauthorized }: { apiKey: string; onUnauthorized: () => void }) {
  // Never null in the App Router; the type allows null since pages/ exists (docs/decisions/107).
  const params = useSearchParams() ?? new URLSearchParams();
  const period = params.get("period");
  const cell = params.get("cell");
  if (!isPeriodId(period) || !isFigureKey(cell)) {
    return (
      <p role="alert">
        This address does not name a figure of a period.{" "}
        <Link href="/staff/stats" className={linkStyle}>
          Open the statistics
        </Link>
      </p>
    );
  }
  return (
    <MembersList
      key={`${period} ${cell}`}
      apiKey={apiKey}
      period={period}
      cell={cell}
      onUnauthorized={onUnauthorized}
    />
  );
}

function MembersList({
  apiKey,
  period,
  cell,
  onUnauthorized,
}: {
  apiKey: string;
  period: string;
  cell: string;
  onUnauthorized: () => void;
}) {
  const query = useQuery(statsMembersOptions(apiKey, period, cell));
  const [shown, setShown] = useState(PAGE);
  const firstNew = useRef<HTMLAnchorElement>(null);
  const [focusFrom, setFocusFrom] = useState<number | null>(null);
  useEffect(() => {
    if (isUnauthorized(query.error)) onUnauthorized();
  }, [query.error, onUnauthorized]);
  useEffect(() => {
    // "Show more" hands focus to the first row it showed, as the console's "Load more" does.
    if (focusFrom !== null) firstNew.current?.focus();
  }, [focusFrom]);

  const words = periodWords(period);
  return (
    <section aria-labelledby="members-heading" className="min-w-0 space-y-4">
      <p>
        <Link href={statsViewHref({ period, species: "all" })} className={linkStyle}>
          Back to the statistics for {words}
        </Link>
      </p>
      <h2 id="members-heading" className="text-2xl font-bold tracking-tight">
        {figureWords(cell)}, {words}
      </h2>
      <UnreachableNotice failureReason={query.failureReason} what="animals" />
      {query.isPending ? (
        <p role="status" aria-busy="true">
          Loading the animals behind this figure…
        </p>
      ) : query.isError && !query.data ? (
        <LoadFailed what="animals behind this figure" error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <p role="status" className="text-lg">
            <strong>{query.data.count}</strong> {query.data.count === 1 ? "stay counts" : "stays count"} in this figure.
          </p>
          {query.data.count === 0 ? null : (
            <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
              <table className="w-full text-left">
                <caption className="sr-only">The stays this figure counts, by animal</caption>
                <thead className="border-b border-stone-200 text-sm dark:border-stone-800">
                  <tr>
                    <th scope="col" className="px-4 py-3">
                      Animal
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Pet number
                    </th>
                    <th scope="col" className="px-4 py-3">
                      Stay
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-200 dark:divide-stone-800">
                  {query.data.members.slice(0, shown).map((member, index) => (
                    <tr key={member.stayId}>
                      <th scope="row" className="px-4 py-3 font-normal wrap-anywhere">
                        <Link
                          ref={index === focusFrom ? firstNew : undefined}
                          href={stayRecordHref(member.petId, member.stayId)}
                          className={linkStyle}
                        >
                          {member.petName}
                        </Link>
                      </th>
                      <td className="px-4 py-3 tabular-nums">{member.petId}</td>
                      <td className="px-4 py-3 tabular-nums">#{member.stayId}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {query.data.count > shown ? (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm text-stone-700 dark:text-stone-300">
                Showing {shown} of {query.data.count}
              </p>
              <button
                type="button"
                className={secondaryButton}
                onClick={() => {
                  setFocusFrom(shown);
                  setShown(shown + PAGE);
                }}
              >
                Show {Math.min(PAGE, query.data.count - shown)} more
              </button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
