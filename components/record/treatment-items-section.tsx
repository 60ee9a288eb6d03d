"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { INTERVAL_UNITS } from "@/lib/animal-record/calendar-day";
import { MEDICAL_KINDS, TreatmentItem } from "@/lib/animal-record/medical-schemas";
import { addTreatmentItemWithKey, changeTreatmentItemWithKey } from "@/lib/api-client/medical-api";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { recordKeys, treatmentItemsOptions } from "@/lib/react-query/record-queries";
import { LoadFailed } from "@/components/staff/list-parts";
import { FormToggle } from "./form-toggle";
import { ChoiceField, FormEnd, TextField } from "./record-fields";
import { SuggestedItemsOffer } from "./suggested-items-offer";
import { itemFromForm, repeatWords } from "./treatment-item-view";
import { MEDICAL_KIND_WORDS } from "./record-words";
import { useRecordForm } from "./use-record-form";

type Props = {
  apiKey: string;
  onUnauthorized: () => void;
  onNotice: (n: { kind: "done" | "failed"; text: string }) => void;
};
const FIELDS = {
  name: "name",
  kind: "kind",
  repeatEvery: "count",
  "repeatEvery.count": "count",
  "repeatEvery.unit": "unit",
};
const NewItemShape = TreatmentItem.omit({ id: true });
const UNIT_CHOICES = [["", "Given once"], ...INTERVAL_UNITS.map((unit) => [unit, unit] as const)] as const;

/** The shelter's list of vaccinations, tests and treatments, and how often each repeats (medical:write to change). */
export function TreatmentItemsSection({ canWrite, ...props }: Props & { canWrite: boolean }) {
  const items = useQuery(treatmentItemsOptions(props.apiKey));
  const { onUnauthorized } = props;
  useEffect(() => {
    if (isUnauthorized(items.error)) onUnauthorized();
  }, [items.error, onUnauthorized]);
  return (
    <section aria-labelledby="items-heading" className="grid gap-3">
      <h2 id="items-heading" className="text-2xl font-bold tracking-tight">
        Treatment list
      </h2>
      <p className="text-stone-700 dark:text-stone-300">
        What the shelter gives; the due list schedules the next from its interval.
      </p>
      {items.isError ? (
        <LoadFailed what="treatment list" error={items.error} onRetry={() => void items.refetch()} />
      ) : !items.data ? (
        <p role="status">Loading the treatment list…</p>
      ) : items.data.length === 0 ? (
        <p>The list is empty.</p>
      ) : (
        <ul className="grid gap-2">
          {items.data.map((item) => (
            <li key={item.id} className="rounded-xl border border-stone-200 p-3 dark:border-stone-800">
              <p className="wrap-anywhere">
                <span className="font-semibold">{item.name}</span> · {MEDICAL_KIND_WORDS[item.kind]} ·{" "}
                {repeatWords(item)}
              </p>
              {canWrite ? (
                <div className="mt-2">
                  <FormToggle
                    label={
                      <>
                        Change<span className="sr-only"> {item.name}</span>
                      </>
                    }
                  >
                    {(close) => <ItemForm {...props} item={item} onClose={close} />}
                  </FormToggle>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite && items.data ? <SuggestedItemsOffer {...props} items={items.data} /> : null}
      {canWrite ? (
        <div>
          <FormToggle label="Add a treatment">{(close) => <ItemForm {...props} onClose={close} />}</FormToggle>
        </div>
      ) : null}
    </section>
  );
}

/** Adds an item, or (with `item`) renames it or changes its interval; its kind stays what it was. */
function ItemForm({ item, onClose, ...props }: Props & { item?: TreatmentItem; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { form, errors, sending, submit } = useRecordForm({
    check: (data) => NewItemShape.safeParse(itemFromForm(data)),
    send: (values) =>
      item
        ? changeTreatmentItemWithKey(props.apiKey, item.id, {
            name: values.name,
            repeatEvery: values.repeatEvery ?? null,
          })
        : addTreatmentItemWithKey(props.apiKey, values),
    fields: FIELDS,
    doing: item ? "change the item" : "add the item",
    onUnauthorized: props.onUnauthorized,
    onSent: async (saved) => {
      props.onNotice({ kind: "done", text: `Done: ${saved.name} is ${item ? "changed" : "on the list"}.` });
      onClose();
      await queryClient.invalidateQueries({ queryKey: recordKeys.items() });
    },
  });
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={item ? `Change ${item.name}` : "Add a treatment"}
      className="grid gap-3 sm:max-w-md"
    >
      <TextField
        id={`${id}-name`}
        name="name"
        label="Name"
        defaultValue={item?.name}
        maxLength={100}
        error={errors.name}
        autoFocus
      />
      {item ? (
        <input type="hidden" name="kind" value={item.kind} />
      ) : (
        <ChoiceField
          id={`${id}-kind`}
          name="kind"
          label="Kind"
          choices={MEDICAL_KINDS.map((kind) => [kind, MEDICAL_KIND_WORDS[kind]])}
          error={errors.kind}
        />
      )}
      <div className="grid grid-cols-2 gap-3">
        <TextField
          id={`${id}-count`}
          name="count"
          label="Repeats every"
          inputMode="numeric"
          defaultValue={item?.repeatEvery ? String(item.repeatEvery.count) : ""}
          error={errors.count}
        />
        <ChoiceField
          id={`${id}-unit`}
          name="unit"
          label="Unit"
          choices={UNIT_CHOICES}
          defaultValue={item?.repeatEvery?.unit ?? ""}
          error={errors.unit}
        />
      </div>
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Saving…" : item ? "Save changes" : "Add to the list"}
        onBack={onClose}
      />
    </form>
  );
}
