"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { INTAKE_CONDITIONS } from "@/lib/animal-record/intake-types";
import { NewReturn } from "@/lib/animal-record/stay-schemas";
import { recordReturnWithKey } from "@/lib/api-client/stays-api";
import { refreshAfterStayChange } from "@/lib/react-query/record-queries";
import { ChoiceField, FormEnd, NotesField, TextField } from "./record-fields";
import { localMoment, momentFromLocal, optionalText } from "./record-form-view";
import { CONDITION_WORDS } from "./record-words";
import { useRecordForm, type RecordFormProps } from "./use-record-form";

const FIELDS = {
  at: "at",
  condition: "condition",
  "personal.source": "sourceName",
  "personal.source.name": "sourceName",
  "personal.source.phone": "sourcePhone",
  "personal.notes": "notes",
};

function returnFrom(data: FormData) {
  const name = optionalText(data, "sourceName");
  const phone = optionalText(data, "sourcePhone");
  const notes = optionalText(data, "notes");
  const source = name || phone ? { name: name ?? "", phone } : undefined;
  return {
    at: momentFromLocal(String(data.get("at") ?? "")),
    condition: data.get("condition"),
    ...(source || notes ? { personal: { ...(source ? { source } : {}), ...(notes ? { notes } : {}) } } : {}),
  };
}

/** An adopted animal brought back: a new stay of type "returned adoption"; the adoption's stay keeps its outcome. */
export function ReturnForm({ onClose, ...props }: RecordFormProps & { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { form, errors, sending, submit } = useRecordForm({
    check: (data) => NewReturn.safeParse(returnFrom(data)),
    send: (back) => recordReturnWithKey(props.apiKey, props.petId, back),
    fields: FIELDS,
    doing: "record the return",
    onUnauthorized: props.onUnauthorized,
    onSent: async () => {
      props.onNotice({ kind: "done", text: `Done: ${props.petName} is back from adoption, in a new stay.` });
      onClose();
      await refreshAfterStayChange(queryClient, props.petId);
    },
  });
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={`Record ${props.petName}'s return from adoption`}
      className="grid gap-4"
    >
      <TextField
        id={`${id}-at`}
        name="at"
        label="Brought back at"
        type="datetime-local"
        defaultValue={localMoment()}
        error={errors.at}
        autoFocus
      />
      <ChoiceField
        id={`${id}-condition`}
        name="condition"
        label="Condition at return"
        choices={INTAKE_CONDITIONS.map((each) => [each, CONDITION_WORDS[each]])}
        defaultValue="not_assessed"
        error={errors.condition}
      />
      <TextField
        id={`${id}-name`}
        name="sourceName"
        label="Who brought it back (optional)"
        maxLength={200}
        error={errors.sourceName}
      />
      <TextField
        id={`${id}-phone`}
        name="sourcePhone"
        label="Their phone (optional)"
        type="tel"
        maxLength={30}
        error={errors.sourcePhone}
      />
      <NotesField id={`${id}-notes`} name="notes" label="Notes (optional)" error={errors.notes} />
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Recording…" : "Record return"}
        onBack={onClose}
      />
    </form>
  );
}
