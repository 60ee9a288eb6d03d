"use client";

// First: every schema the record builds is then made without eval, which the CSP forbids (docs/decisions/007).
import "@/lib/api-client/zod-without-eval";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { dueListOptions, recordKeys } from "@/lib/react-query/record-queries";
import { staffMeOptions } from "@/lib/react-query/staff-queries";
import { ActionNotice, LoadFailed } from "@/components/staff/list-parts";
import type { Notice } from "@/components/staff/notice";
import { StaffViewShell } from "@/components/staff/staff-view-shell";
import { CalendarFeedLink } from "./calendar-feed-link";
import { DueRows } from "./due-rows";
import { weekEnd } from "./due-view";

/** The due list (issue 41): what is overdue and due this week for the animals in care; "Mark given" for medical:write. */
export function DueConsole() {
  return (
    <StaffViewShell
      queryKey={recordKeys.all}
      needs="medical:read"
      refused="This key may not read medical records: it needs the medical:read scope."
    >
      {({ apiKey, scopes, onUnauthorized }) => (
        <DueList apiKey={apiKey} canWrite={scopes.includes("medical:write")} onUnauthorized={onUnauthorized} />
      )}
    </StaffViewShell>
  );
}

function DueList({
  apiKey,
  canWrite,
  onUnauthorized,
}: {
  apiKey: string;
  canWrite: boolean;
  onUnauthorized: () => void;
}) {
  const due = useQuery(dueListOptions(apiKey));
  const me = useQuery(staffMeOptions(apiKey));
  const [notice, setNotice] = useState<Notice | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isUnauthorized(due.error)) onUnauthorized();
  }, [due.error, onUnauthorized]);

  if (due.isError && !due.data)
    return <LoadFailed what="due list" error={due.error} onRetry={() => void due.refetch()} />;
  if (!due.data) return <p role="status">Loading the due list…</p>;
  const { today } = due.data;
  const rows = {
    apiKey,
    today,
    canWrite,
    givenBy: me.data?.name ?? "",
    onNotice: setNotice,
    onUnauthorized,
    // A row that leaves the list takes its buttons with it: focus goes to the list's heading.
    onLeft: () => heading.current?.focus(),
  };
  return (
    <div className="grid gap-8">
      <h2 ref={heading} tabIndex={-1} className="sr-only">
        Due treatments on {today}
      </h2>
      <ActionNotice notice={notice} className="-mb-4" />
      <DueRows {...rows} title="Overdue" items={due.data.overdue} empty="Nothing is overdue." />
      <DueRows
        {...rows}
        title={`This week (${today} to ${weekEnd(today)})`}
        items={due.data.thisWeek}
        empty="Nothing is due this week."
      />
      <CalendarFeedLink apiKey={apiKey} onUnauthorized={onUnauthorized} />
    </div>
  );
}
