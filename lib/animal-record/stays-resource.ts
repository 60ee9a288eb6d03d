import { defineResource } from "@/lib/resources/define-resource";
import { ChangedFields, StayCorrection, StayEventObject } from "./stay-event-object";
import { PlacementId } from "./foster-schemas";
import {
  NoOpenStayError,
  NotAdoptedError,
  PlacementOverlapError,
  ReasonRequiredError,
  SecondOpenStayError,
  StayEndedError,
  StaysOverlapError,
  isRecordRefusal,
} from "./record-errors";

/**
 * An animal's stays in care (issue 41; docs/decisions/248, 250, 252): intakes, outcomes,
 * returns and foster placements. Its operations: ./stays-resource-api.ts; its file part:
 * ./file-stay-part.ts.
 */
export const staysResource = defineResource({
  name: "stays",
  decision: 250,
  tag: {
    name: "stays",
    description:
      "The animal's record: its stays in care, from intake to outcome, returns and foster placements (experimental)",
  },
  // A stay's events hold no medical detail and no personal data: whoever reads the pets reads them.
  eventReadScopes: { stay: "pets:read" },
  events: {
    "stay.opened": {
      object: StayEventObject,
      extra: {},
      summary: "An animal's intake was recorded: its stay began (the event never names who brought it)",
    },
    "stay.closed": {
      object: StayEventObject,
      extra: {},
      summary: "An animal's outcome was recorded: its stay ended (the event never names who took it)",
    },
    "stay.corrected": {
      object: StayEventObject,
      extra: StayCorrection,
      summary:
        "A stay's intake or outcome was corrected: `fields` names what changed (`private` for who brought or took the animal and notes), never the values or the reason",
    },
    "stay.reopened": {
      object: StayEventObject,
      extra: {},
      summary: "A stay's outcome, recorded by mistake, was withdrawn: the animal is in care again",
    },
    "stay.placed": {
      object: StayEventObject,
      extra: { placementId: PlacementId },
      summary: "An animal in care was placed in a foster home (the event never names the carer)",
    },
    "stay.placement_changed": {
      object: StayEventObject,
      extra: { placementId: PlacementId, fields: ChangedFields },
      summary: "A foster placement was ended or corrected: `fields` names what changed, never the values or the reason",
    },
    "stay.erased": {
      object: StayEventObject,
      extra: {},
      summary: "A stay's personal data (who brought or took the animal, the carers, notes) was erased by retention",
    },
  },
  errorCodes: {
    invalid_stay_id: { status: 400, description: "`stayId` is not a positive decimal integer" },
    invalid_placement_id: { status: 400, description: "`placementId` is not a positive decimal integer" },
    record_conflict: {
      status: 409,
      description:
        "the animal's record does not allow it as it stands: a second open stay, no open stay, a stay already ended, stays or foster placements that would overlap, a return of an animal not adopted",
    },
    invalid_record: {
      status: 422,
      description:
        "the record's rules refuse the values: an outcome before its intake or not allowed after it, a placement outside its stay, a correction whose result no record could hold (a missing reason is 400 `invalid_body` naming `reason`)",
    },
  },
  // The record's refusals (./record-errors.ts), in the domain's words; the medical ones are
  // ./medical-resource.ts's. Any other refusal of the record's rules is a 422 (a body that
  // parsed, as `unknown_pet` and `invalid_image` are 422 too).
  refusals: [
    { error: SecondOpenStayError, code: "record_conflict" },
    { error: StaysOverlapError, code: "record_conflict" },
    { error: NoOpenStayError, code: "record_conflict" },
    { error: StayEndedError, code: "record_conflict" },
    { error: NotAdoptedError, code: "record_conflict" },
    { error: PlacementOverlapError, code: "record_conflict" },
    // As the schemas' own check of the field answers, and a pet's status change without a reason.
    {
      error: ReasonRequiredError,
      code: "invalid_body",
      field: { field: "reason", message: "is required for this change" },
    },
    { family: isRecordRefusal, code: "invalid_record" },
  ],
});
