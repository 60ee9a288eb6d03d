"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import type { OutcomeType } from "@/lib/animal-record/outcome-types";
import { OutcomeCorrection } from "@/lib/animal-record/stay-correction-schemas";
import type { Outcome, Stay } from "@/lib/animal-record/stay-schemas";
import { correctOutcomeWithKey } from "@/lib/api-client/stays-api";
import { refreshAfterStayChange } from "@/lib/react-query/record-queries";
import { ChoiceField, FormEnd, NotesField, TextField } from "./record-fields";
import { localMoment, momentFromLocal, optionalText } from "./record-form-view";
import { outcomeChoices, outcomePatch, outcomeSubtypes } from "./record-view";
import { OUTCOME_TYPE_WORDS, SUBTYPE_WORDS } from "./record-words";
import { useRecordForm, type RecordFormProps } from "./use-record-form";

const FIELDS = { at: "at", type: "type", subtype: "subtype", reason: "reason" };

/**
 * Corrects a recorded outcome (a wrong type, subtype or time), with the reason SAC-counted
 * corrections need (docs/decisions/250). An adoption's outcome is its order's to keep.
 */
export function OutcomeCorrectionForm({
  stay,
  outcome,
  onClose,
  ...props
}: RecordFormProps & { stay: Stay; outcome: Outcome; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const choices = outcomeChoices(stay.intake.type);
  const [type, setType] = useState<OutcomeType>(outcome.type);
  const subtypes = outcomeSubtypes(type);
  const { form, errors, sending, submit } = useRecordForm({
    check: (data) => {
      const next = {
        at: momentFromLocal(String(data.get("at") ?? "")),
        type: data.get("type") as OutcomeType,
        subtype: optionalText(data, "subtype"),
      };
      return OutcomeCorrection.safeParse({ ...outcomePatch(outcome, next), reason: data.get("reason") ?? "" });
    },
    send: (correction) => correctOutcomeWithKey(props.apiKey, stay.id, correction),
    fields: FIELDS,
    doing: "correct the outcome",
    onUnauthorized: props.onUnauthorized,
    onSent: async () => {
      props.onNotice({ kind: "done", text: `Done: the outcome of ${props.petName}'s stay is corrected.` });
      onClose();
      await refreshAfterStayChange(queryClient, props.petId);
    },
  });

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={`Correct the outcome of ${props.petName}'s stay`}
      className="grid gap-4"
    >
      <TextField
        id={`${id}-at`}
        name="at"
        label="Left at"
        type="datetime-local"
        defaultValue={localMoment(new Date(outcome.at))}
        error={errors.at}
      />
      <ChoiceField
        id={`${id}-type`}
        name="type"
        label="Outcome type"
        choices={choices.map((each) => [each, OUTCOME_TYPE_WORDS[each]])}
        value={type}
        onChange={(value) => setType(value as OutcomeType)}
        error={errors.type}
        autoFocus
      />
      {subtypes.length > 0 ? (
        <ChoiceField
          id={`${id}-subtype`}
          name="subtype"
          label={type === "shelter_euthanasia" ? "Reason for euthanasia" : "Transferred to"}
          choices={subtypes.map((each) => [each, SUBTYPE_WORDS[each] ?? each])}
          defaultValue={outcome.subtype}
          error={errors.subtype}
        />
      ) : null}
      <NotesField
        id={`${id}-reason`}
        name="reason"
        label="Reason for the correction"
        hint="Kept with the change; never logged."
        error={errors.reason}
      />
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Correcting…" : "Correct outcome"}
        onBack={onClose}
      />
    </form>
  );
}
