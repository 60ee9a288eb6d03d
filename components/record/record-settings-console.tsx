"use client";

// First: every schema the record builds is then made without eval, which the CSP forbids (docs/decisions/007).
import "@/lib/api-client/zod-without-eval";
import { useState } from "react";
import { recordKeys } from "@/lib/react-query/record-queries";
import { ActionNotice } from "@/components/staff/list-parts";
import type { Notice } from "@/components/staff/notice";
import { StaffViewShell } from "@/components/staff/staff-view-shell";
import { SpeciesSection } from "./species-section";
import { TreatmentItemsSection } from "./treatment-items-section";

/** The record's settings: the shelter's treatment list (medical scopes) and each category's SAC species. */
export function RecordSettingsConsole() {
  return (
    <StaffViewShell
      queryKey={recordKeys.all}
      needs="pets:read"
      refused="This key may not read the animals: it needs the pets:read scope."
    >
      {({ apiKey, scopes, onUnauthorized }) => (
        <Settings apiKey={apiKey} scopes={scopes} onUnauthorized={onUnauthorized} />
      )}
    </StaffViewShell>
  );
}

function Settings({
  apiKey,
  scopes,
  onUnauthorized,
}: {
  apiKey: string;
  scopes: readonly string[];
  onUnauthorized: () => void;
}) {
  const [notice, setNotice] = useState<Notice | null>(null);
  return (
    <div className="grid gap-10">
      <ActionNotice notice={notice} className="-mb-6" />
      {scopes.includes("medical:read") ? (
        <TreatmentItemsSection
          apiKey={apiKey}
          canWrite={scopes.includes("medical:write")}
          onNotice={setNotice}
          onUnauthorized={onUnauthorized}
        />
      ) : null}
      <SpeciesSection apiKey={apiKey} canWrite={scopes.includes("categories:write")} onUnauthorized={onUnauthorized} />
    </div>
  );
}
