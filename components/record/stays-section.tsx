"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { staysOptions } from "@/lib/react-query/record-queries";
import { LoadFailed } from "@/components/staff/list-parts";
import { FormToggle } from "./form-toggle";
import { IntakeForm } from "./intake-form";
import { OutcomeCorrectionForm } from "./outcome-correction";
import { OutcomeForm } from "./outcome-form";
import { EndPlacementForm, PlaceInFosterForm } from "./placement-forms";
import { localDay } from "./record-form-view";
import { lastEndedInAdoption, newestFirst, openPlacementOf, whereNow, type WhereNow } from "./record-view";
import { ReturnForm } from "./return-form";
import { StayCard } from "./stay-card";
import type { RecordFormProps } from "./use-record-form";

function nowWords(now: WhereNow): string {
  if (now.where === "not_in_care") return "Not in care: no open stay.";
  if (now.where === "shelter") return "In the shelter.";
  const carer = now.placement.personal?.carer.name;
  return `In foster${carer ? ` with ${carer}` : ""} since ${now.placement.from}.`;
}

/** The animal's stays, newest first, with what staff holding pets:write may record next. */
export function StaysSection({ canWrite, ...props }: RecordFormProps & { canWrite: boolean }) {
  const stays = useQuery(staysOptions(props.apiKey, props.petId));
  const { onUnauthorized } = props;
  useEffect(() => {
    if (isUnauthorized(stays.error)) onUnauthorized();
  }, [stays.error, onUnauthorized]);

  if (stays.isPending) return <p role="status">Loading the stays…</p>;
  if (stays.isError) return <LoadFailed what="stays" error={stays.error} onRetry={() => void stays.refetch()} />;

  const now = whereNow(stays.data, localDay());
  const open = now.where === "not_in_care" ? undefined : now.stay;
  const openPlacement = open ? openPlacementOf(open) : undefined;
  return (
    <section aria-labelledby="stays-heading" className="grid gap-4">
      <h3 id="stays-heading" className="text-xl font-semibold">
        Stays
      </h3>
      <p className="text-lg">
        <span className="font-semibold">Now: </span>
        {nowWords(now)}
      </p>
      {canWrite ? (
        <div className="flex flex-wrap gap-2">
          {!open ? (
            <>
              <FormToggle label="Record an intake">{(close) => <IntakeForm {...props} onClose={close} />}</FormToggle>
              {lastEndedInAdoption(stays.data) ? (
                <FormToggle label="Record a return from adoption">
                  {(close) => <ReturnForm {...props} onClose={close} />}
                </FormToggle>
              ) : null}
            </>
          ) : (
            <>
              <FormToggle label="Record an outcome">
                {(close) => <OutcomeForm {...props} stay={open} onClose={close} />}
              </FormToggle>
              {openPlacement ? (
                <FormToggle label="End the foster placement">
                  {(close) => <EndPlacementForm {...props} placement={openPlacement} onClose={close} />}
                </FormToggle>
              ) : (
                <FormToggle label="Place in foster">
                  {(close) => <PlaceInFosterForm {...props} onClose={close} />}
                </FormToggle>
              )}
            </>
          )}
        </div>
      ) : null}
      {stays.data.length === 0 ? (
        <p>No stay is recorded for {props.petName}.</p>
      ) : (
        newestFirst(stays.data).map(({ outcome, ...stay }) => (
          <StayCard
            key={stay.id}
            stay={{ ...stay, outcome }}
            actions={
              canWrite && outcome && outcome.type !== "adoption" ? (
                <FormToggle
                  label={
                    <>
                      Correct the outcome<span className="sr-only"> of stay #{stay.id}</span>
                    </>
                  }
                >
                  {(close) => (
                    <OutcomeCorrectionForm {...props} stay={{ ...stay, outcome }} outcome={outcome} onClose={close} />
                  )}
                </FormToggle>
              ) : undefined
            }
          />
        ))
      )}
    </section>
  );
}
