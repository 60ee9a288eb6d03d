"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect } from "react";
import type { HealthFacts } from "@/lib/animal-record/health-schemas";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { healthFactsOptions, medicalEntriesOptions, treatmentItemsOptions } from "@/lib/react-query/record-queries";
import { LoadFailed } from "@/components/staff/list-parts";
import { FormToggle } from "./form-toggle";
import { MicrochipForm, SpayNeuterForm, WeightForm } from "./health-facts-forms";
import { MedicalEntryForm } from "./medical-entry-form";
import { MedicalEntryTable } from "./medical-entry-table";
import { SPAY_NEUTER_WORDS } from "./record-words";
import type { RecordFormProps } from "./use-record-form";

const term = "text-sm font-semibold text-stone-700 dark:text-stone-300";

function chipWords(facts: HealthFacts): string {
  const chip = facts.microchip;
  if (!chip) return "Unknown: not recorded";
  if (chip.status === "none") return `None found (scanned ${chip.scannedOn})`;
  const implanted = chip.implantedOn ? `, implanted ${chip.implantedOn}` : "";
  const registered = chip.registeredOn ? `, shelter registered ${chip.registeredOn}` : ", shelter not yet registered";
  return `${chip.number}${implanted}${registered}`;
}

function weightWords(facts: HealthFacts): string {
  if (facts.weights.length === 0) return "Not weighed yet";
  return [...facts.weights]
    .sort((a, b) => b.on.localeCompare(a.on))
    .map((weight) => `${weight.kg} kg on ${weight.on}`)
    .join(" · ");
}

/**
 * The animal's health: facts (spay/neuter, microchip, weights) and the vaccinations, tests and
 * treatments given. Read with medical:read; the forms only with medical:write (docs/decisions/249).
 */
export function HealthSection({ canWrite, myName, ...props }: RecordFormProps & { canWrite: boolean; myName: string }) {
  const facts = useQuery(healthFactsOptions(props.apiKey, props.petId));
  const entries = useQuery(medicalEntriesOptions(props.apiKey, props.petId));
  const items = useQuery(treatmentItemsOptions(props.apiKey));
  const { onUnauthorized } = props;
  const unauthorized = [facts.error, entries.error, items.error].some(isUnauthorized);
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);

  const failed = facts.error ?? entries.error ?? items.error;
  if (failed) {
    return (
      <LoadFailed
        what="health record"
        error={failed}
        onRetry={() => void Promise.all([facts.refetch(), entries.refetch(), items.refetch()])}
      />
    );
  }
  if (!facts.data || !entries.data || !items.data) return <p role="status">Loading the health record…</p>;

  return (
    <section aria-labelledby="health-heading" className="grid gap-4">
      <h3 id="health-heading" className="text-xl font-semibold">
        Health
      </h3>
      <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[10rem_minmax(0,1fr)]">
        <dt className={term}>Spay/neuter</dt>
        <dd>
          {facts.data.spayNeuter
            ? `${SPAY_NEUTER_WORDS[facts.data.spayNeuter.status]}${facts.data.spayNeuter.on ? `, on ${facts.data.spayNeuter.on}` : ""}`
            : "Unknown: not recorded"}
        </dd>
        <dt className={term}>Microchip</dt>
        <dd className="wrap-anywhere">{chipWords(facts.data)}</dd>
        <dt className={term}>Weight</dt>
        <dd>{weightWords(facts.data)}</dd>
      </dl>
      {canWrite ? (
        <div className="flex flex-wrap gap-2">
          {items.data.length > 0 ? (
            <FormToggle label="Record a treatment">
              {(close) => <MedicalEntryForm {...props} items={items.data} givenBy={myName} onClose={close} />}
            </FormToggle>
          ) : null}
          <FormToggle label="Microchip">
            {(close) => <MicrochipForm {...props} facts={facts.data} onClose={close} />}
          </FormToggle>
          <FormToggle label="Spay/neuter">
            {(close) => <SpayNeuterForm {...props} facts={facts.data} onClose={close} />}
          </FormToggle>
          <FormToggle label="Add a weight">{(close) => <WeightForm {...props} onClose={close} />}</FormToggle>
        </div>
      ) : null}
      {canWrite && items.data.length === 0 ? (
        <p>
          To record a vaccination, test or treatment, first add it to the shelter&apos;s list in the{" "}
          <Link
            href="/staff/record-settings"
            className="font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300"
          >
            record settings
          </Link>
          .
        </p>
      ) : null}
      <MedicalEntryTable entries={entries.data} items={items.data} petName={props.petName} />
    </section>
  );
}
