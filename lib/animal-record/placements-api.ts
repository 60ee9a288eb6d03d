import "server-only";
import { changePlacement, placeInFoster } from "./stays";
import { Stay } from "./stay-schemas";
import { NewPlacement, PlacementChange } from "./foster-schemas";
import { jsonResponse } from "@/lib/api/api-route";
import { defineOperation } from "@/lib/api/operation";
import { parseBody } from "@/lib/api/parse-body";
import { errorRefs } from "@/lib/api/openapi/error-responses";
import { BODY_ERRORS, COMMON_ERRORS, jsonAnswer, jsonBody } from "@/lib/api/openapi/operation-parts";
import {
  PERSONAL_PARTS,
  STAYS_TAG,
  found,
  noSuchPlacement,
  petIdOf,
  petIdParameter,
  petInPath,
  placementIdOf,
  placementIdParameter,
  stayFor,
} from "./stay-parts-api";

/*
 * Foster placements over /v1 (issue 41, docs/decisions/252): an animal in care lives with a
 * foster carer for a while, and is still counted in the shelter's care ("in foster").
 */

const PLACEMENT_ERRORS = {
  ...BODY_ERRORS,
  "404": "NotFound",
  "409": "RecordConflict",
  "422": "RecordRefused",
  ...COMMON_ERRORS,
} as const;
const DAYS =
  "Days are the shelter's (`PETSTORE_TIME_ZONE`) and half-open: `from` is the first day in foster, `until` the day the animal came back.";

/** placeInFoster: POST /v1/pets/{petId}/placements. */
export const placeInFosterRoute = defineOperation(
  {
    operationId: "placeInFoster",
    method: "POST",
    path: "/pets/{petId}/placements",
    scope: "pets:write",
    stability: "experimental",
    summary: "Place an animal in foster",
    document: {
      tag: STAYS_TAG,
      description: `Adds a placement to the animal's open stay (none: 409 \`record_conflict\`), with \`stay.placed\`; the placement's id is the store's, unique across every animal. One overlapping another: 409 \`record_conflict\`; outside the stay: 422 \`invalid_record\`. ${DAYS} ${PERSONAL_PARTS}`,
      parameters: [petIdParameter],
      ...jsonBody(NewPlacement),
      responses: {
        "201": jsonAnswer("The stay with the new placement", Stay, "Location"),
        ...errorRefs(PLACEMENT_ERRORS),
      },
    },
  },
  async (request, context, caller) => {
    const petId = await petIdOf(context);
    const placement = await parseBody(request, NewPlacement, "placement");
    const stay = await placeInFoster(petId, placement).catch(petInPath);
    const added = stay.placements.at(-1);
    return jsonResponse(stayFor(caller, stay), 201, { Location: `/v1/pets/${petId}/placements/${added?.id}` });
  },
);

/** changePlacement: PATCH /v1/pets/{petId}/placements/{placementId}. */
export const changePlacementRoute = defineOperation(
  {
    operationId: "changePlacement",
    method: "PATCH",
    path: "/pets/{petId}/placements/{placementId}",
    scope: "pets:write",
    stability: "experimental",
    summary: "End or correct a foster placement",
    document: {
      tag: STAYS_TAG,
      description: `Setting \`until\` on an open placement ends it (the daily work); moving a day already recorded is a correction and needs a \`reason\` (else 422 \`invalid_record\`), kept with the stay's history and never in the \`stay.placement_changed\` event. ${DAYS} ${PERSONAL_PARTS}`,
      parameters: [petIdParameter, placementIdParameter],
      ...jsonBody(PlacementChange),
      responses: { "200": jsonAnswer("The stay with the placement changed", Stay), ...errorRefs(PLACEMENT_ERRORS) },
    },
  },
  async (request, context, caller) => {
    const petId = await petIdOf(context);
    const placementId = await placementIdOf(context);
    const change = await parseBody(request, PlacementChange, "placement change");
    const stay = await changePlacement(petId, placementId, change).catch(petInPath);
    return jsonResponse(stayFor(caller, found(stay, noSuchPlacement)));
  },
);
