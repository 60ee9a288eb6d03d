import "server-only";
import { correctIntake, correctOutcome, recordOutcome, withdrawOutcome } from "./stays";
import { NewOutcome, Stay } from "./stay-schemas";
import { IntakeCorrection, OutcomeCorrection, OutcomeWithdrawal } from "./stay-correction-schemas";
import { jsonResponse } from "@/lib/api/api-route";
import { defineOperation } from "@/lib/api/operation";
import { parseBody } from "@/lib/api/parse-body";
import { errorRefs } from "@/lib/api/openapi/error-responses";
import { BODY_ERRORS, COMMON_ERRORS, jsonAnswer, jsonBody } from "@/lib/api/openapi/operation-parts";
import { PERSONAL_PARTS, STAYS_TAG, found, stayFor, stayIdOf, stayIdParameter } from "./stay-parts-api";

/*
 * A stay's outcome and its corrections over /v1 (issue 41, docs/decisions/252): a correction
 * is a merge patch with a reason whenever a counted field (at, type, subtype) changes, as a
 * pet's status correction is (decision 155). The reason is kept with the stay's history; the
 * `stay.corrected` event names the fields changed, never their values nor the reason.
 */

const PATCH_MEDIA_TYPES = ["application/merge-patch+json", "application/json"] as const;
const patchBody = (schema: typeof IntakeCorrection | typeof OutcomeCorrection) => ({
  requestBody: {
    required: true,
    content: { "application/merge-patch+json": { schema }, "application/json": { schema } },
  },
});
const CHANGE_ERRORS = {
  ...BODY_ERRORS,
  "404": "NotFound",
  "409": "RecordConflict",
  "422": "RecordRefused",
  ...COMMON_ERRORS,
} as const;

/** recordOutcome: POST /v1/stays/{stayId}/outcome — ends the animal's open stay. */
export const recordOutcomeRoute = defineOperation(
  {
    operationId: "recordOutcome",
    method: "POST",
    path: "/stays/{stayId}/outcome",
    scope: "pets:write",
    stability: "experimental",
    summary: "Record an outcome",
    document: {
      tag: STAYS_TAG,
      description: `Ends the stay, which must be its animal's open one when the outcome is written (else 409 \`record_conflict\`), with \`stay.closed\` in the same durable write. An open foster placement ends on the outcome's day in the shelter's zone (\`PETSTORE_TIME_ZONE\`). Dated before the intake, or not allowed after it by SAC's definitions: 422 \`invalid_record\`. ${PERSONAL_PARTS}`,
      parameters: [stayIdParameter],
      ...jsonBody(NewOutcome),
      responses: { "200": jsonAnswer("The stay, ended", Stay), ...errorRefs(CHANGE_ERRORS) },
    },
  },
  async (request, context, caller) => {
    const stayId = await stayIdOf(context);
    const outcome = await parseBody(request, NewOutcome, "outcome");
    return jsonResponse(stayFor(caller, found(await recordOutcome(stayId, outcome))));
  },
);

/** correctIntake: PATCH /v1/stays/{stayId}/intake. */
export const correctIntakeRoute = defineOperation(
  {
    operationId: "correctIntake",
    method: "PATCH",
    path: "/stays/{stayId}/intake",
    scope: "pets:write",
    stability: "experimental",
    summary: "Correct a stay's intake",
    document: {
      tag: STAYS_TAG,
      description: `A JSON Merge Patch of the intake (\`null\` removes \`subtype\` or \`personal\`); \`reason\` is required when \`at\`, \`type\` or \`subtype\` change, since that changes a count already reported. The result meets every rule a new intake meets. The reason is stored with the stay's history, never logged or put in the \`stay.corrected\` event. ${PERSONAL_PARTS}`,
      parameters: [stayIdParameter],
      ...patchBody(IntakeCorrection),
      responses: { "200": jsonAnswer("The stay, corrected", Stay), ...errorRefs(CHANGE_ERRORS) },
    },
  },
  async (request, context, caller) => {
    const stayId = await stayIdOf(context);
    const patch = await parseBody(request, IntakeCorrection, "intake correction", PATCH_MEDIA_TYPES);
    return jsonResponse(stayFor(caller, found(await correctIntake(stayId, patch))));
  },
);

/** correctOutcome: PATCH /v1/stays/{stayId}/outcome. */
export const correctOutcomeRoute = defineOperation(
  {
    operationId: "correctOutcome",
    method: "PATCH",
    path: "/stays/{stayId}/outcome",
    scope: "pets:write",
    stability: "experimental",
    summary: "Correct a stay's outcome",
    document: {
      tag: STAYS_TAG,
      description: `A JSON Merge Patch of the outcome, as correctIntake's: \`reason\` is required when \`at\`, \`type\` or \`subtype\` change. A stay without an outcome: 422 \`invalid_record\`. ${PERSONAL_PARTS}`,
      parameters: [stayIdParameter],
      ...patchBody(OutcomeCorrection),
      responses: { "200": jsonAnswer("The stay, corrected", Stay), ...errorRefs(CHANGE_ERRORS) },
    },
  },
  async (request, context, caller) => {
    const stayId = await stayIdOf(context);
    const patch = await parseBody(request, OutcomeCorrection, "outcome correction", PATCH_MEDIA_TYPES);
    return jsonResponse(stayFor(caller, found(await correctOutcome(stayId, patch))));
  },
);

/** withdrawOutcome: POST /v1/stays/{stayId}/outcome/withdrawal — an outcome recorded by mistake. */
export const withdrawOutcomeRoute = defineOperation(
  {
    operationId: "withdrawOutcome",
    method: "POST",
    path: "/stays/{stayId}/outcome/withdrawal",
    scope: "pets:write",
    stability: "experimental",
    summary: "Withdraw a stay's outcome",
    document: {
      tag: STAYS_TAG,
      description: `For an outcome recorded by mistake: the stay is open again (\`stay.reopened\`). Only the animal's last stay's outcome can be withdrawn, with a reason (kept with the stay's history, never in the event); otherwise 422 \`invalid_record\`. ${PERSONAL_PARTS}`,
      parameters: [stayIdParameter],
      ...jsonBody(OutcomeWithdrawal),
      responses: { "200": jsonAnswer("The stay, open again", Stay), ...errorRefs(CHANGE_ERRORS) },
    },
  },
  async (request, context, caller) => {
    const stayId = await stayIdOf(context);
    const withdrawal = await parseBody(request, OutcomeWithdrawal, "withdrawal");
    return jsonResponse(stayFor(caller, found(await withdrawOutcome(stayId, withdrawal))));
  },
);
