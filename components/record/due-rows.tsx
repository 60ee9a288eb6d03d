"use client";

import { useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useId, useState } from "react";
import { TEST_RESULTS } from "@/lib/animal-record/medical-schemas";
import type { DueItem, DueListAnswer } from "@/lib/api-client/due-api";
import { recordMedicalEntryWithKey } from "@/lib/api-client/medical-api";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { recordKeys } from "@/lib/react-query/record-queries";
import { FormToggle } from "./form-toggle";
import { ChoiceField, FormEnd, TextField } from "./record-fields";
import { errorsOnFields, optionalText, type FieldErrors } from "./record-form-view";
import { dueWords, givenEntry, withoutItem } from "./due-view";
import { MEDICAL_KIND_WORDS } from "./record-words";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";

interface RowsProps {
  apiKey: string;
  today: string;
  canWrite: boolean;
  givenBy: string;
  onNotice: (notice: { kind: "done" | "failed"; text: string }) => void;
  onUnauthorized: () => void;
  onLeft: () => void;
}

/** One part of the due list (overdue, or this week): each item with its animal, day and, for writers, "Mark given". */
export function DueRows({
  title,
  items,
  empty,
  ...props
}: RowsProps & { title: string; items: DueItem[]; empty: string }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="text-xl font-semibold">
        {title}
      </h3>
      {items.length === 0 ? (
        <p className="mt-2">{empty}</p>
      ) : (
        <ul className="mt-3 grid gap-3">
          {items.map((item) => (
            <DueRow key={`${item.petId}/${item.itemId}`} item={item} {...props} />
          ))}
        </ul>
      )}
    </section>
  );
}

function DueRow({ item, ...props }: RowsProps & { item: DueItem }) {
  const late = item.due < props.today;
  return (
    <li
      aria-label={`${item.itemName} for ${item.petName}`}
      className={`rounded-xl border p-4 ${late ? "border-red-700/50 dark:border-red-300/50" : "border-stone-200 dark:border-stone-800"}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <p className="font-semibold wrap-anywhere">
          {item.itemName}
          <span className="font-normal text-stone-700 dark:text-stone-300"> · {MEDICAL_KIND_WORDS[item.kind]}</span>
        </p>
        <p className={late ? "font-semibold text-red-800 dark:text-red-300" : undefined}>
          {item.due}: {dueWords(item.due, props.today)}
        </p>
      </div>
      <p className="mt-1 wrap-anywhere">
        <Link href={`/staff/pets/${item.petId}/record`} className={linkStyle}>
          {item.petName}
        </Link>{" "}
        · {item.where === "foster" ? "in foster" : "in the shelter"}
      </p>
      {props.canWrite ? (
        <div className="mt-3">
          <FormToggle
            label={
              <>
                Mark given
                <span className="sr-only">
                  {" "}
                  for {item.petName}: {item.itemName}
                </span>
              </>
            }
          >
            {(close) => <MarkGivenForm item={item} {...props} onClose={close} />}
          </FormToggle>
        </div>
      ) : null}
    </li>
  );
}

/**
 * Records the item as given today (POST /v1/pets/{petId}/medical): once the API has it, the row
 * leaves the list and the notice says the next due day the server scheduled; a refusal stays
 * on the form, beside the field it names.
 */
function MarkGivenForm({ item, onClose, ...props }: RowsProps & { item: DueItem; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const entry = {
      ...givenEntry(item, props.today, String(data.get("givenBy") ?? "")),
      lot: optionalText(data, "lot"),
      result: optionalText(data, "result") as (typeof TEST_RESULTS)[number] | undefined,
    };
    setSending(true);
    try {
      const given = await recordMedicalEntryWithKey(props.apiKey, item.petId, entry);
      await queryClient.cancelQueries({ queryKey: recordKeys.due() });
      queryClient.setQueryData<DueListAnswer>(recordKeys.due(), (list) => list && withoutItem(list, item));
      const next = given.nextDue ? `next due ${given.nextDue}` : "not repeated";
      props.onNotice({ kind: "done", text: `Done: ${item.itemName} given to ${item.petName}; ${next}.` });
      props.onLeft();
      void queryClient.invalidateQueries({ queryKey: recordKeys.medical() });
    } catch (error) {
      if (isUnauthorized(error)) return props.onUnauthorized();
      setErrors(errorsOnFields(error, { givenBy: "givenBy", lot: "lot", result: "result" }, "mark it given"));
      setSending(false);
    }
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Mark ${item.itemName} given to ${item.petName}`}
      className="grid gap-3 sm:max-w-md"
    >
      <TextField
        id={`${id}-by`}
        name="givenBy"
        label="Given by"
        defaultValue={props.givenBy}
        maxLength={100}
        error={errors.givenBy}
        autoFocus
      />
      {item.kind === "vaccination" ? (
        <TextField id={`${id}-lot`} name="lot" label="Lot number (optional)" maxLength={50} error={errors.lot} />
      ) : null}
      {item.kind === "test" ? (
        <ChoiceField
          id={`${id}-result`}
          name="result"
          label="Result"
          choices={TEST_RESULTS.map((each) => [each, each])}
          error={errors.result}
        />
      ) : null}
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Recording…" : `Record given on ${props.today}`}
        onBack={onClose}
      />
    </form>
  );
}
