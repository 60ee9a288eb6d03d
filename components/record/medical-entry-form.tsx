"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { NewMedicalEntry, TEST_RESULTS, type TreatmentItem } from "@/lib/animal-record/medical-schemas";
import { recordMedicalEntryWithKey } from "@/lib/api-client/medical-api";
import { recordKeys } from "@/lib/react-query/record-queries";
import { ChoiceField, FormEnd, NotesField, TextField } from "./record-fields";
import { localDay, optionalText } from "./record-form-view";
import { MEDICAL_KIND_WORDS } from "./record-words";
import { useRecordForm, type RecordFormProps } from "./use-record-form";

const FIELDS = {
  itemId: "itemId",
  givenOn: "givenOn",
  givenBy: "givenBy",
  lot: "lot",
  result: "result",
  nextDue: "nextDue",
  notes: "notes",
};
const RESULT_WORDS = { negative: "Negative", positive: "Positive", inconclusive: "Inconclusive" };

/** Records a vaccination, test or treatment given; the next due day follows the item's interval unless set. */
export function MedicalEntryForm({
  items,
  givenBy,
  onClose,
  ...props
}: RecordFormProps & { items: readonly TreatmentItem[]; givenBy: string; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [itemId, setItemId] = useState(String(items[0]?.id ?? ""));
  const item = items.find((each) => String(each.id) === itemId);
  const { form, errors, sending, submit } = useRecordForm({
    check: (data) =>
      NewMedicalEntry.safeParse({
        itemId: Number(data.get("itemId")),
        givenOn: String(data.get("givenOn") ?? ""),
        givenBy: String(data.get("givenBy") ?? ""),
        lot: optionalText(data, "lot"),
        result: optionalText(data, "result"),
        nextDue: optionalText(data, "nextDue"),
        notes: optionalText(data, "notes"),
      }),
    send: (entry) => recordMedicalEntryWithKey(props.apiKey, props.petId, entry),
    fields: FIELDS,
    doing: "record the entry",
    onUnauthorized: props.onUnauthorized,
    onSent: async (entry) => {
      const next = entry.nextDue ? ` Next due ${entry.nextDue}.` : "";
      props.onNotice({
        kind: "done",
        text: `Done: ${item?.name ?? "the entry"} recorded for ${props.petName}.${next}`,
      });
      onClose();
      await queryClient.invalidateQueries({ queryKey: recordKeys.medical() });
    },
  });

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={`Record a treatment for ${props.petName}`}
      className="grid gap-4"
    >
      <ChoiceField
        id={`${id}-item`}
        name="itemId"
        label="Treatment"
        choices={items.map((each) => [
          String(each.id),
          `${each.name} (${MEDICAL_KIND_WORDS[each.kind].toLowerCase()})`,
        ])}
        value={itemId}
        onChange={setItemId}
        error={errors.itemId}
        autoFocus
      />
      <TextField
        id={`${id}-given-on`}
        name="givenOn"
        label="Given on"
        type="date"
        defaultValue={localDay()}
        error={errors.givenOn}
      />
      <TextField
        id={`${id}-given-by`}
        name="givenBy"
        label="Given by"
        defaultValue={givenBy}
        maxLength={100}
        error={errors.givenBy}
      />
      {item?.kind === "vaccination" ? (
        <TextField id={`${id}-lot`} name="lot" label="Lot number (optional)" maxLength={50} error={errors.lot} />
      ) : null}
      {item?.kind === "test" ? (
        <ChoiceField
          id={`${id}-result`}
          name="result"
          label="Result"
          choices={TEST_RESULTS.map((each) => [each, RESULT_WORDS[each]])}
          error={errors.result}
        />
      ) : null}
      <TextField
        id={`${id}-next-due`}
        name="nextDue"
        label="Next due (optional)"
        hint={
          item?.repeatEvery
            ? `Empty: ${item.repeatEvery.count} ${item.repeatEvery.unit} after it was given.`
            : "Empty: not repeated."
        }
        type="date"
        error={errors.nextDue}
      />
      <NotesField
        id={`${id}-notes`}
        name="notes"
        label="Medical notes (optional)"
        hint="Never shown to adopters."
        error={errors.notes}
      />
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Recording…" : "Record treatment"}
        onBack={onClose}
      />
    </form>
  );
}
