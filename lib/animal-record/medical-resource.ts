import { defineResource } from "@/lib/resources/define-resource";
import { ChangedFields } from "./stay-event-object";
import {
  CategorySpeciesEventObject,
  HealthFactsEventObject,
  MedicalEntryEventObject,
  TreatmentItemEventObject,
  WeighingEventObject,
} from "./medical-event-object";
import { DueBeforeGivenError, EntryDoesNotFitItemError, UnknownTreatmentError } from "./record-errors";

/**
 * An animal's medical record (issue 41; docs/decisions/249, 256, 257, 260): entries, the
 * shelter's medical list, health facts and weights, and each category's SAC species. Its
 * operations: ./medical-resource-api.ts; its file part: ./file-medical-part.ts.
 */
export const medicalResource = defineResource({
  name: "medical",
  decision: 256,
  tag: {
    name: "medical",
    description:
      "The animal's health record: vaccinations, tests and treatments, the shelter's list, spay/neuter, microchip and weights; the due list and its calendar feed (experimental)",
  },
  scopes: {
    "medical:read":
      "read animals' medical records: entries, health facts, weights, the due list, one's own calendar feed of it, and the medical events",
    "medical:write": "record and correct medical entries and health facts, and keep the shelter's medical list",
  },
  // Medical detail has its own scopes (docs/decisions/249).
  eventReadScopes: { medical: "medical:read" },
  events: {
    // A category's event, read as categories' are (they are public).
    "category.species_set": {
      object: CategorySpeciesEventObject,
      extra: {},
      summary: "A category was mapped to the SAC species its animals are counted under",
    },
    "medical.recorded": {
      object: MedicalEntryEventObject,
      extra: {},
      summary: "A vaccination, test or treatment was recorded (never its notes, lot, result or who gave it)",
    },
    "medical.corrected": {
      object: MedicalEntryEventObject,
      extra: { fields: ChangedFields },
      summary: "A medical entry was corrected: `fields` names them (the reason is kept with the record)",
    },
    "medical.item_added": {
      object: TreatmentItemEventObject,
      extra: {},
      summary: "An item was added to the shelter's medical list",
    },
    "medical.item_changed": {
      object: TreatmentItemEventObject,
      extra: {},
      summary: "An item of the shelter's medical list was renamed or its interval changed",
    },
    "medical.health_changed": {
      object: HealthFactsEventObject,
      extra: { fields: ChangedFields },
      summary: "An animal's spay/neuter or microchip was set or corrected (never the chip's number)",
    },
    "medical.weighed": {
      object: WeighingEventObject,
      extra: {},
      summary: "An animal was weighed (the weight is read from its health facts)",
    },
  },
  errorCodes: {
    invalid_item_id: { status: 400, description: "`itemId` in the path is not a positive decimal integer" },
    invalid_entry_id: { status: 400, description: "`entryId` is not a positive decimal integer" },
    unknown_item: { status: 422, description: "the medical entry names an item the shelter's list does not keep" },
    entry_does_not_fit_item: {
      status: 422,
      description:
        "the medical entry's details do not fit its item's kind (a lot on a test, a test without its result)",
    },
  },
  refusals: [
    // Says what no body could, as the schemas' own check of the field answers.
    { error: DueBeforeGivenError, code: "invalid_body", field: { field: "nextDue", message: "must be after givenOn" } },
    {
      error: UnknownTreatmentError,
      code: "unknown_item",
      field: { field: "itemId", message: "names no item of the list" },
    },
    { error: EntryDoesNotFitItemError, code: "entry_does_not_fit_item" },
  ],
});
