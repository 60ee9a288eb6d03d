"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import {
  INTAKE_CONDITIONS,
  INTAKE_SOURCE_KINDS,
  INTAKE_TYPES,
  type IntakeType,
} from "@/lib/animal-record/intake-types";
import { NewIntake } from "@/lib/animal-record/stay-schemas";
import { recordIntakeWithKey } from "@/lib/api-client/stays-api";
import { refreshAfterStayChange } from "@/lib/react-query/record-queries";
import { ChoiceField, FormEnd, NotesField, TextField } from "./record-fields";
import { localMoment, momentFromLocal, optionalText } from "./record-form-view";
import { intakeSubtypes } from "./record-view";
import { CONDITION_WORDS, INTAKE_TYPE_WORDS, SOURCE_KIND_WORDS, SUBTYPE_WORDS, typeWords } from "./record-words";
import { useRecordForm, type RecordFormProps } from "./use-record-form";

const FIELDS = {
  at: "at",
  type: "type",
  subtype: "subtype",
  condition: "condition",
  sourceKind: "sourceKind",
  "personal.source": "sourceName",
  "personal.source.name": "sourceName",
  "personal.source.phone": "sourcePhone",
  "personal.source.email": "sourceEmail",
  "personal.notes": "notes",
};

/** The form's values as a NewIntake: the source and notes only when given (they are personal data). */
function intakeFrom(data: FormData) {
  const name = optionalText(data, "sourceName");
  const phone = optionalText(data, "sourcePhone");
  const email = optionalText(data, "sourceEmail");
  const notes = optionalText(data, "notes");
  const source = name || phone || email ? { name: name ?? "", phone, email } : undefined;
  return {
    at: momentFromLocal(String(data.get("at") ?? "")),
    type: data.get("type"),
    subtype: optionalText(data, "subtype"),
    condition: data.get("condition"),
    sourceKind: data.get("sourceKind"),
    ...(source || notes ? { personal: { ...(source ? { source } : {}), ...(notes ? { notes } : {}) } } : {}),
  };
}

/** Records an intake: opens a stay for an animal not in care. */
export function IntakeForm({ onClose, ...props }: RecordFormProps & { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [type, setType] = useState<IntakeType>("stray");
  const subtypes = intakeSubtypes(type);
  const { form, errors, sending, submit } = useRecordForm({
    check: (data) => NewIntake.safeParse(intakeFrom(data)),
    send: (intake) => recordIntakeWithKey(props.apiKey, props.petId, intake),
    fields: FIELDS,
    doing: "record the intake",
    onUnauthorized: props.onUnauthorized,
    onSent: async (stay) => {
      props.onNotice({
        kind: "done",
        text: `Done: ${props.petName}'s intake is recorded (${typeWords(INTAKE_TYPE_WORDS, stay.intake.type, stay.intake.subtype)}).`,
      });
      onClose();
      await refreshAfterStayChange(queryClient, props.petId);
    },
  });

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={`Record an intake for ${props.petName}`}
      className="grid gap-4"
    >
      <TextField
        id={`${id}-at`}
        name="at"
        label="Arrived at"
        type="datetime-local"
        defaultValue={localMoment()}
        error={errors.at}
        autoFocus
      />
      <ChoiceField
        id={`${id}-type`}
        name="type"
        label="Intake type"
        choices={INTAKE_TYPES.filter((each) => each !== "returned_adoption").map((each) => [
          each,
          INTAKE_TYPE_WORDS[each],
        ])}
        hint="A returned adoption is recorded from the adoption's stay."
        value={type}
        onChange={(value) => setType(value as IntakeType)}
        error={errors.type}
      />
      {subtypes.length > 0 ? (
        <ChoiceField
          id={`${id}-subtype`}
          name="subtype"
          label={type === "transferred_in" ? "Transferred from" : "Kind of intake"}
          choices={subtypes
            .filter((each) => each !== "not_recorded")
            .map((each) => [each, SUBTYPE_WORDS[each] ?? each])}
          error={errors.subtype}
        />
      ) : null}
      <ChoiceField
        id={`${id}-condition`}
        name="condition"
        label="Condition at intake"
        choices={INTAKE_CONDITIONS.map((each) => [each, CONDITION_WORDS[each]])}
        defaultValue="not_assessed"
        error={errors.condition}
      />
      <ChoiceField
        id={`${id}-source-kind`}
        name="sourceKind"
        label="Brought by"
        choices={INTAKE_SOURCE_KINDS.map((each) => [each, SOURCE_KIND_WORDS[each]])}
        defaultValue="unknown"
        error={errors.sourceKind}
      />
      <fieldset className="grid gap-4 rounded-lg border border-stone-300 p-3 dark:border-stone-700">
        <legend className="px-1 text-sm font-semibold">Who brought it (optional, personal data)</legend>
        <TextField
          id={`${id}-source-name`}
          name="sourceName"
          label="Name of the person or agency"
          maxLength={200}
          error={errors.sourceName}
        />
        <TextField
          id={`${id}-source-phone`}
          name="sourcePhone"
          label="Their phone"
          type="tel"
          maxLength={30}
          error={errors.sourcePhone}
        />
        <TextField
          id={`${id}-source-email`}
          name="sourceEmail"
          label="Their e-mail"
          type="email"
          maxLength={254}
          error={errors.sourceEmail}
        />
      </fieldset>
      <NotesField id={`${id}-notes`} name="notes" label="Notes (optional)" error={errors.notes} />
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Recording…" : "Record intake"}
        onBack={onClose}
      />
    </form>
  );
}
