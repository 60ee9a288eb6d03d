"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { OutcomeType } from "@/lib/animal-record/outcome-types";
import { NewOutcome, type Stay } from "@/lib/animal-record/stay-schemas";
import { recordOutcomeWithKey } from "@/lib/api-client/stays-api";
import { refreshAfterStayChange } from "@/lib/react-query/record-queries";
import { ChoiceField, FormEnd, NotesField, TextField } from "./record-fields";
import { localMoment, momentFromLocal, optionalText } from "./record-form-view";
import { outcomeChoices, outcomeSubtypes } from "./record-view";
import { OUTCOME_TYPE_WORDS, SUBTYPE_WORDS, typeWords } from "./record-words";
import { useRecordForm, type RecordFormProps } from "./use-record-form";

const FIELDS = {
  at: "at",
  type: "type",
  subtype: "subtype",
  "personal.destination": "destinationName",
  "personal.destination.name": "destinationName",
  "personal.destination.phone": "destinationPhone",
  "personal.destination.email": "destinationEmail",
  "personal.notes": "notes",
};

function outcomeFrom(data: FormData) {
  const name = optionalText(data, "destinationName");
  const phone = optionalText(data, "destinationPhone");
  const email = optionalText(data, "destinationEmail");
  const notes = optionalText(data, "notes");
  const destination = name || phone || email ? { name: name ?? "", phone, email } : undefined;
  return {
    at: momentFromLocal(String(data.get("at") ?? "")),
    type: data.get("type"),
    subtype: optionalText(data, "subtype"),
    ...(destination || notes
      ? { personal: { ...(destination ? { destination } : {}), ...(notes ? { notes } : {}) } }
      : {}),
  };
}

/** Records how the open stay ended; only the outcomes SAC allows after its intake are offered. */
export function OutcomeForm({ stay, onClose, ...props }: RecordFormProps & { stay: Stay; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const choices = outcomeChoices(stay.intake.type);
  const [type, setType] = useState<OutcomeType>(choices[0] ?? "other_live");
  const subtypes = outcomeSubtypes(type);
  const { form, errors, sending, submit } = useRecordForm({
    check: (data) => NewOutcome.safeParse(outcomeFrom(data)),
    send: (outcome) => recordOutcomeWithKey(props.apiKey, stay.id, outcome),
    fields: FIELDS,
    doing: "record the outcome",
    onUnauthorized: props.onUnauthorized,
    onSent: async (closed) => {
      const words = closed.outcome ? typeWords(OUTCOME_TYPE_WORDS, closed.outcome.type, closed.outcome.subtype) : "";
      props.onNotice({ kind: "done", text: `Done: ${props.petName}'s stay ended (${words}).` });
      onClose();
      await refreshAfterStayChange(queryClient, props.petId);
    },
  });

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={`Record an outcome for ${props.petName}`}
      className="grid gap-4"
    >
      <TextField
        id={`${id}-at`}
        name="at"
        label="Left at"
        type="datetime-local"
        defaultValue={localMoment()}
        error={errors.at}
        autoFocus
      />
      <ChoiceField
        id={`${id}-type`}
        name="type"
        label="Outcome type"
        hint="An adoption is recorded by completing its order. Only the outcomes SAC allows after this intake are listed."
        choices={choices.map((each) => [each, OUTCOME_TYPE_WORDS[each]])}
        value={type}
        onChange={(value) => setType(value as OutcomeType)}
        error={errors.type}
      />
      {subtypes.length > 0 ? (
        <ChoiceField
          id={`${id}-subtype`}
          name="subtype"
          label={type === "shelter_euthanasia" ? "Reason" : "Transferred to"}
          choices={subtypes.map((each) => [each, SUBTYPE_WORDS[each] ?? each])}
          error={errors.subtype}
        />
      ) : null}
      <fieldset className="grid gap-4 rounded-lg border border-stone-300 p-3 dark:border-stone-700">
        <legend className="px-1 text-sm font-semibold">Who took it (optional, personal data)</legend>
        <TextField
          id={`${id}-dest-name`}
          name="destinationName"
          label="Name of the person or agency"
          maxLength={200}
          error={errors.destinationName}
        />
        <TextField
          id={`${id}-dest-phone`}
          name="destinationPhone"
          label="Their phone"
          type="tel"
          maxLength={30}
          error={errors.destinationPhone}
        />
        <TextField
          id={`${id}-dest-email`}
          name="destinationEmail"
          label="Their e-mail"
          type="email"
          maxLength={254}
          error={errors.destinationEmail}
        />
      </fieldset>
      <NotesField id={`${id}-notes`} name="notes" label="Notes (optional)" error={errors.notes} />
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Recording…" : "Record outcome"}
        onBack={onClose}
      />
    </form>
  );
}
