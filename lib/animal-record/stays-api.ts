import "server-only";
import * as z from "zod";
import { getStay, listOpenStays, listPetStays, recordIntake, recordReturn } from "./stays";
import { NewIntake, NewReturn, Stay } from "./stay-schemas";
import { jsonResponse } from "@/lib/api/api-route";
import { defineOperation } from "@/lib/api/operation";
import { parseBody } from "@/lib/api/parse-body";
import { parseSearchParams } from "@/lib/api/parse-search-params";
import { errorRefs } from "@/lib/api/openapi/error-responses";
import { BODY_ERRORS, COMMON_ERRORS, jsonAnswer, jsonBody, queryParameters } from "@/lib/api/openapi/operation-parts";
import {
  PERSONAL_PARTS,
  STAYS_TAG,
  found,
  petIdOf,
  petIdParameter,
  petInPath,
  stayFor,
  stayIdOf,
  stayIdParameter,
} from "./stay-parts-api";

/*
 * An animal's stays over /v1 (issue 41, docs/decisions/252): thin doors onto
 * lib/animal-record/stays.ts. Reads need pets:read, writes pets:write (decision 249).
 */

const Stays = z.array(Stay).meta({ description: "Stays, oldest intake first" });
const OpenStaysQuery = z.strictObject({
  open: z.literal("true", { error: "must be true" }).meta({ description: "Only the open stays: `true` (required)" }),
});

/** listPetStays: GET /v1/pets/{petId}/stays — oldest first. */
export const listPetStaysRoute = defineOperation(
  {
    operationId: "listPetStays",
    method: "GET",
    path: "/pets/{petId}/stays",
    scope: "pets:read",
    stability: "experimental",
    summary: "List an animal's stays",
    document: {
      tag: STAYS_TAG,
      description: `Every stay of the animal, oldest intake first: how it came in, how it left, its foster placements. ${PERSONAL_PARTS}`,
      parameters: [petIdParameter],
      responses: {
        "200": jsonAnswer("The animal's stays", Stays),
        ...errorRefs({ "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (_request, context, caller) => {
    const petId = await petIdOf(context);
    const stays = await listPetStays(petId).catch(petInPath);
    return jsonResponse(stays.map((stay) => stayFor(caller, stay)));
  },
);

/** recordIntake: POST /v1/pets/{petId}/stays — opens the animal's next stay, or fills its placeholder's intake. */
export const recordIntakeRoute = defineOperation(
  {
    operationId: "recordIntake",
    method: "POST",
    path: "/pets/{petId}/stays",
    scope: "pets:write",
    stability: "experimental",
    summary: "Record an intake",
    document: {
      tag: STAYS_TAG,
      description: `Opens the animal's next stay, with \`stay.opened\` in the same durable write (201). Every pet is given, at its creation, an open stay whose intake is \`other\`/\`not_recorded\`; while that stay is untouched (no outcome, placement or correction since), the intake recorded here takes its place: the same stay, with \`stay.corrected\` (\`part\` \`intake\`) and no reason needed (200). Its \`at\` may be before the pet was created. While another stay is open, or dated before the last stay's outcome: 409 \`record_conflict\`. ${PERSONAL_PARTS}`,
      parameters: [petIdParameter],
      ...jsonBody(NewIntake),
      responses: {
        "200": jsonAnswer("The stay the animal's creation opened, with this intake in place of `not_recorded`", Stay),
        "201": jsonAnswer("The stay it opened", Stay, "Location"),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", "409": "RecordConflict", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context, caller) => {
    const petId = await petIdOf(context);
    const intake = await parseBody(request, NewIntake, "intake");
    const { stay, filled } = await recordIntake(petId, intake).catch(petInPath);
    if (filled) return jsonResponse(stayFor(caller, stay));
    return jsonResponse(stayFor(caller, stay), 201, { Location: `/v1/stays/${stay.id}` });
  },
);

/** recordReturn: POST /v1/pets/{petId}/returns — an adopted animal brought back. */
export const recordReturnRoute = defineOperation(
  {
    operationId: "recordReturn",
    method: "POST",
    path: "/pets/{petId}/returns",
    scope: "pets:write",
    stability: "experimental",
    summary: "Record an adopted animal's return",
    document: {
      tag: STAYS_TAG,
      description: `Opens a stay of type \`returned_adoption\` (SAC counts it as relinquished by owner); the adoption's stay keeps its outcome. Unless the animal's last stay ended in an adoption, or while a stay is open: 409 \`record_conflict\`. ${PERSONAL_PARTS}`,
      parameters: [petIdParameter],
      ...jsonBody(NewReturn),
      responses: {
        "201": jsonAnswer("The stay it opened", Stay, "Location"),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", "409": "RecordConflict", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context, caller) => {
    const petId = await petIdOf(context);
    const input = await parseBody(request, NewReturn, "return");
    const stay = await recordReturn(petId, input).catch(petInPath);
    return jsonResponse(stayFor(caller, stay), 201, { Location: `/v1/stays/${stay.id}` });
  },
);

/** listOpenStays: GET /v1/stays?open=true — the animals in care. */
export const listOpenStaysRoute = defineOperation(
  {
    operationId: "listOpenStays",
    method: "GET",
    path: "/stays",
    scope: "pets:read",
    stability: "experimental",
    summary: "List the animals in care",
    document: {
      tag: STAYS_TAG,
      description: `Every open stay, by animal: the animals in the shelter or in foster. \`open=true\` is required (closed stays are listed by animal). ${PERSONAL_PARTS}`,
      parameters: queryParameters(OpenStaysQuery),
      responses: {
        "200": jsonAnswer("The open stays", z.array(Stay).meta({ description: "Open stays, by pet id" })),
        ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, _context, caller) => {
    parseSearchParams(request.url, OpenStaysQuery);
    return jsonResponse((await listOpenStays()).map((stay) => stayFor(caller, stay)));
  },
);

/** getStay: GET /v1/stays/{stayId}. */
export const getStayRoute = defineOperation(
  {
    operationId: "getStay",
    method: "GET",
    path: "/stays/{stayId}",
    scope: "pets:read",
    stability: "experimental",
    summary: "Get a stay",
    document: {
      tag: STAYS_TAG,
      description: `One stay of an animal. ${PERSONAL_PARTS}`,
      parameters: [stayIdParameter],
      responses: {
        "200": jsonAnswer("The stay", Stay),
        ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (_request, context, caller) => {
    const stayId = await stayIdOf(context);
    return jsonResponse(stayFor(caller, found(await getStay(stayId))));
  },
);
