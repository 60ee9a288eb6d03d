"use client";

// First: every schema the record builds is then made without eval, which the CSP forbids (docs/decisions/007).
import "@/lib/api-client/zod-without-eval";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { staffPetOptions } from "@/lib/react-query/order-queries";
import { recordKeys } from "@/lib/react-query/record-queries";
import { staffMeOptions } from "@/lib/react-query/staff-queries";
import { ActionNotice, LoadFailed } from "@/components/staff/list-parts";
import type { Notice } from "@/components/staff/notice";
import { StaffViewShell } from "@/components/staff/staff-view-shell";
import { HealthSection } from "./health-section";
import { StaysSection } from "./stays-section";

/** The animal's record (issue 41): its stays for pets:read, its health for medical:read; each form for the write scope. */
export function RecordConsole({ petId }: { petId: number }) {
  return (
    <StaffViewShell
      queryKey={recordKeys.all}
      needs="pets:read"
      refused="This key may not read the animals: it needs the pets:read scope."
    >
      {({ apiKey, scopes, onUnauthorized }) => (
        <AnimalRecord apiKey={apiKey} petId={petId} scopes={scopes} onUnauthorized={onUnauthorized} />
      )}
    </StaffViewShell>
  );
}

function AnimalRecord({
  apiKey,
  petId,
  scopes,
  onUnauthorized,
}: {
  apiKey: string;
  petId: number;
  scopes: readonly string[];
  onUnauthorized: () => void;
}) {
  const pet = useQuery(staffPetOptions(apiKey, petId));
  const me = useQuery(staffMeOptions(apiKey));
  const [notice, setNotice] = useState<Notice | null>(null);
  if (pet.isError) return <LoadFailed what="animal" error={pet.error} onRetry={() => void pet.refetch()} />;
  if (!pet.data) return <p role="status">Loading the animal…</p>;
  const props = { apiKey, petId, petName: pet.data.name, onNotice: setNotice, onUnauthorized };
  const medicalRead = scopes.includes("medical:read");
  return (
    <div className="grid gap-8">
      <h2 className="text-2xl font-bold tracking-tight wrap-anywhere">
        {pet.data.name} <span className="text-stone-700 tabular-nums dark:text-stone-300">#{pet.data.id}</span>
      </h2>
      <ActionNotice notice={notice} className="-mt-4" />
      <StaysSection {...props} canWrite={scopes.includes("pets:write")} />
      {medicalRead ? (
        <HealthSection {...props} canWrite={scopes.includes("medical:write")} myName={me.data?.name ?? ""} />
      ) : (
        <p>Your sign-in does not include medical:read, so the health record is not shown.</p>
      )}
    </div>
  );
}
