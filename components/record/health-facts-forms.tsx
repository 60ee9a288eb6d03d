"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import {
  HealthFactsCorrection,
  SPAY_NEUTER_STATUSES,
  WeightEntry,
  type HealthFacts,
} from "@/lib/animal-record/health-schemas";
import { addWeightWithKey, changeHealthFactsWithKey } from "@/lib/api-client/medical-api";
import { recordKeys } from "@/lib/react-query/record-queries";
import { ChoiceField, FormEnd, NotesField, TextField } from "./record-fields";
import { localDay, optionalText } from "./record-form-view";
import { SPAY_NEUTER_WORDS } from "./record-words";
import { useRecordForm, type RecordFormProps } from "./use-record-form";

type FactsFormProps = RecordFormProps & { facts: HealthFacts; onClose: () => void };

/** Writes the answer into the cache at once: the facts shown are the ones the server kept. */
function useFactsAnswer(props: RecordFormProps, onClose: () => void, done: string) {
  const queryClient = useQueryClient();
  return (facts: HealthFacts) => {
    queryClient.setQueryData(recordKeys.health(props.petId), facts);
    props.onNotice({ kind: "done", text: `Done: ${done}` });
    onClose();
  };
}

/** A reason, asked only when a recorded value changes (docs/decisions/250). */
function ReasonField({ id, shown, error }: { id: string; shown: boolean; error?: string }) {
  return shown ? (
    <NotesField
      id={id}
      name="reason"
      label="Reason for the change"
      hint="A recorded value is corrected, never silently replaced."
      error={error}
    />
  ) : null;
}

/** Records the microchip; the server checks the number (ISO 11784/11785 and older chips) and says why it refuses one. */
export function MicrochipForm({ facts, onClose, ...props }: FactsFormProps) {
  const id = useId();
  const recorded = facts.microchip?.status === "chipped" ? facts.microchip : undefined;
  const { form, errors, sending, submit } = useRecordForm({
    check: (data) =>
      HealthFactsCorrection.safeParse({
        microchip: {
          status: "chipped",
          number: String(data.get("number") ?? ""),
          implantedOn: optionalText(data, "implantedOn"),
          registeredOn: optionalText(data, "registeredOn"),
        },
        reason: optionalText(data, "reason"),
      }),
    send: (patch) => changeHealthFactsWithKey(props.apiKey, props.petId, patch),
    fields: {
      "microchip.number": "number",
      microchip: "number",
      "microchip.implantedOn": "implantedOn",
      "microchip.registeredOn": "registeredOn",
      reason: "reason",
    },
    doing: "record the microchip",
    onUnauthorized: props.onUnauthorized,
    onSent: useFactsAnswer(props, onClose, `${props.petName}'s microchip is recorded.`),
  });
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={`Record ${props.petName}'s microchip`}
      className="grid gap-4"
    >
      <TextField
        id={`${id}-number`}
        name="number"
        label="Microchip number"
        hint="15 digits, or an older chip's 9 digits or 10 hexadecimal characters. Scan it into this field if you can."
        defaultValue={recorded?.number}
        inputMode="text"
        maxLength={40}
        error={errors.number}
        autoFocus
      />
      <TextField
        id={`${id}-implanted`}
        name="implantedOn"
        label="Implanted on (optional)"
        type="date"
        defaultValue={recorded?.implantedOn}
        error={errors.implantedOn}
      />
      <TextField
        id={`${id}-registered`}
        name="registeredOn"
        label="Shelter registered as registrant on (optional)"
        type="date"
        defaultValue={recorded?.registeredOn}
        error={errors.registeredOn}
      />
      <ReasonField id={`${id}-reason`} shown={facts.microchip !== undefined} error={errors.reason} />
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Saving…" : "Save microchip"}
        onBack={onClose}
      />
    </form>
  );
}

export function SpayNeuterForm({ facts, onClose, ...props }: FactsFormProps) {
  const id = useId();
  const { form, errors, sending, submit } = useRecordForm({
    check: (data) =>
      HealthFactsCorrection.safeParse({
        spayNeuter: { status: data.get("status"), on: optionalText(data, "on") },
        reason: optionalText(data, "reason"),
      }),
    send: (patch) => changeHealthFactsWithKey(props.apiKey, props.petId, patch),
    fields: { "spayNeuter.status": "status", "spayNeuter.on": "on", reason: "reason" },
    doing: "record spay/neuter",
    onUnauthorized: props.onUnauthorized,
    onSent: useFactsAnswer(props, onClose, `${props.petName}'s spay/neuter is recorded.`),
  });
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={`Record ${props.petName}'s spay/neuter`}
      className="grid gap-4"
    >
      <ChoiceField
        id={`${id}-status`}
        name="status"
        label="Spay/neuter"
        choices={SPAY_NEUTER_STATUSES.map((each) => [each, SPAY_NEUTER_WORDS[each]])}
        defaultValue={facts.spayNeuter?.status ?? "altered"}
        error={errors.status}
        autoFocus
      />
      <TextField
        id={`${id}-on`}
        name="on"
        label="Surgery on (optional, altered only)"
        type="date"
        defaultValue={facts.spayNeuter?.on}
        error={errors.on}
      />
      <ReasonField id={`${id}-reason`} shown={facts.spayNeuter !== undefined} error={errors.reason} />
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Saving…" : "Save spay/neuter"}
        onBack={onClose}
      />
    </form>
  );
}

export function WeightForm({ onClose, ...props }: Omit<FactsFormProps, "facts">) {
  const id = useId();
  const { form, errors, sending, submit } = useRecordForm({
    check: (data) => {
      const kg = String(data.get("kg") ?? "")
        .trim()
        .replace(",", ".");
      return WeightEntry.safeParse({ on: String(data.get("on") ?? ""), kg: kg === "" ? undefined : Number(kg) });
    },
    send: (weight) => addWeightWithKey(props.apiKey, props.petId, weight),
    fields: { on: "on", kg: "kg" },
    doing: "record the weight",
    onUnauthorized: props.onUnauthorized,
    onSent: useFactsAnswer(props, onClose, `${props.petName}'s weight is recorded.`),
  });
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={`Record ${props.petName}'s weight`}
      className="grid gap-4"
    >
      <TextField
        id={`${id}-kg`}
        name="kg"
        label="Weight in kilograms"
        inputMode="decimal"
        error={errors.kg}
        autoFocus
      />
      <TextField id={`${id}-on`} name="on" label="Weighed on" type="date" defaultValue={localDay()} error={errors.on} />
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Saving…" : "Save weight"}
        onBack={onClose}
      />
    </form>
  );
}
