"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId } from "react";
import { NewPlacement, PlacementChange, type FosterPlacement } from "@/lib/animal-record/foster-schemas";
import { changePlacementWithKey, placeInFosterWithKey } from "@/lib/api-client/stays-api";
import { refreshAfterStayChange } from "@/lib/react-query/record-queries";
import { FormEnd, NotesField, TextField } from "./record-fields";
import { localDay, optionalText } from "./record-form-view";
import { useRecordForm, type RecordFormProps } from "./use-record-form";

const PLACE_FIELDS = {
  from: "from",
  until: "until",
  "personal.carer": "carerName",
  "personal.carer.name": "carerName",
  "personal.carer.phone": "carerPhone",
  "personal.carer.email": "carerEmail",
  "personal.notes": "notes",
};

function placementFrom(data: FormData) {
  const notes = optionalText(data, "notes");
  return {
    from: String(data.get("from") ?? ""),
    until: optionalText(data, "until"),
    personal: {
      carer: {
        name: String(data.get("carerName") ?? ""),
        phone: optionalText(data, "carerPhone"),
        email: optionalText(data, "carerEmail"),
      },
      ...(notes ? { notes } : {}),
    },
  };
}

/** Places the animal of the open stay with a foster carer, from a day and, if known, until one. */
export function PlaceInFosterForm({ onClose, ...props }: RecordFormProps & { onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { form, errors, sending, submit } = useRecordForm({
    check: (data) => NewPlacement.safeParse(placementFrom(data)),
    send: (placement) => placeInFosterWithKey(props.apiKey, props.petId, placement),
    fields: PLACE_FIELDS,
    doing: "place the animal in foster",
    onUnauthorized: props.onUnauthorized,
    onSent: async () => {
      props.onNotice({ kind: "done", text: `Done: ${props.petName} is placed in foster.` });
      onClose();
      await refreshAfterStayChange(queryClient, props.petId);
    },
  });
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={`Place ${props.petName} in foster`}
      className="grid gap-4"
    >
      <TextField
        id={`${id}-carer`}
        name="carerName"
        label="Foster carer's name"
        maxLength={200}
        error={errors.carerName}
        autoFocus
      />
      <TextField
        id={`${id}-phone`}
        name="carerPhone"
        label="Carer's phone (optional)"
        type="tel"
        maxLength={30}
        error={errors.carerPhone}
      />
      <TextField
        id={`${id}-email`}
        name="carerEmail"
        label="Carer's e-mail (optional)"
        type="email"
        maxLength={254}
        error={errors.carerEmail}
      />
      <TextField
        id={`${id}-from`}
        name="from"
        label="First day in foster"
        type="date"
        defaultValue={localDay()}
        error={errors.from}
      />
      <TextField
        id={`${id}-until`}
        name="until"
        label="Back on (optional)"
        hint="Leave empty while the animal is in foster; end the placement when it comes back."
        type="date"
        error={errors.until}
      />
      <NotesField id={`${id}-notes`} name="notes" label="Notes (optional)" error={errors.notes} />
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Placing…" : "Place in foster"}
        onBack={onClose}
      />
    </form>
  );
}

/** Ends the open placement: the day the animal came back (no reason needed: docs/decisions/250). */
export function EndPlacementForm({
  placement,
  onClose,
  ...props
}: RecordFormProps & { placement: FosterPlacement; onClose: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { form, errors, sending, submit } = useRecordForm({
    check: (data) => PlacementChange.safeParse({ until: String(data.get("until") ?? "") }),
    send: (change) => changePlacementWithKey(props.apiKey, props.petId, placement.id, change),
    fields: { until: "until" },
    doing: "end the placement",
    onUnauthorized: props.onUnauthorized,
    onSent: async () => {
      props.onNotice({ kind: "done", text: `Done: ${props.petName} is back from foster.` });
      onClose();
      await refreshAfterStayChange(queryClient, props.petId);
    },
  });
  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-label={`End ${props.petName}'s foster placement`}
      className="grid gap-4"
    >
      <TextField
        id={`${id}-until`}
        name="until"
        label="Back from foster on"
        type="date"
        defaultValue={localDay()}
        error={errors.until}
        autoFocus
      />
      <FormEnd
        problem={errors.form}
        sending={sending}
        submitLabel={sending ? "Ending…" : "End placement"}
        onBack={onClose}
      />
    </form>
  );
}
