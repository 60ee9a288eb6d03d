import "server-only";
import * as z from "zod";
import { jsonResponse } from "@/lib/api/api-route";
import { ApiError } from "@/lib/api/api-error";
import { defineOperation } from "@/lib/api/operation";
import { parseBody } from "@/lib/api/parse-body";
import { parsePathId } from "@/lib/api/parse-path-id";
import { parsePetId } from "@/lib/api/parse-pet-id";
import { parseSearchParams } from "@/lib/api/parse-search-params";
import { errorRefs } from "@/lib/api/openapi/error-responses";
import { schemaOf } from "@/lib/api/openapi/json-schema";
import { BODY_ERRORS, COMMON_ERRORS, jsonAnswer, jsonBody, pathParameter } from "@/lib/api/openapi/operation-parts";
import { PetId } from "@/lib/pets/schemas";
import { HealthFacts, HealthFactsCorrection, WeightEntry } from "./health-schemas";
import {
  MedicalEntry,
  MedicalEntryCorrection,
  MedicalEntryId,
  NewMedicalEntry,
  TreatmentItem,
  TreatmentItemId,
} from "./medical-schemas";
import { NewTreatmentItem, TreatmentItemChange } from "./treatment-item-schemas";
import * as medical from "./medical";

/*
 * The animal's health record over /v1 (issue 41, docs/decisions/249, 256): thin doors onto
 * ./medical.ts. Read with `medical:read`, written with `medical:write`. Notes, lots, results
 * and who gave a treatment travel in bodies only, never in a URL, an event or a log line.
 */

const PATCH_TYPES = ["application/json", "application/merge-patch+json"] as const;
const NoQuery = z.strictObject({});
const MEDICAL = "Needs `medical:read`; never shown to adopters (they see the health summary).";

const petIdParameter = pathParameter("petId", "ID of the animal", schemaOf(PetId));
const itemIdParameter = pathParameter("itemId", "ID of the item of the list", schemaOf(TreatmentItemId));
const entryIdParameter = pathParameter("entryId", "ID of the medical entry", schemaOf(MedicalEntryId));

const noSuchPet = () => new ApiError(404, "not_found", "No pet has this id.");
const noSuchItem = () => new ApiError(404, "not_found", "The shelter's list has no item with this id.");
const noSuchEntry = () => new ApiError(404, "not_found", "No medical entry has this id.");

const petIdOf = async (context: { params: Promise<{ petId: string }> }) => {
  const id = parsePetId((await context.params).petId);
  if (id === undefined) throw noSuchPet();
  return id;
};
const found = <T>(value: T | undefined, missing: () => ApiError): T => {
  if (value === undefined) throw missing();
  return value;
};

export const listTreatmentItems = defineOperation(
  {
    operationId: "listTreatmentItems",
    method: "GET",
    path: "/medical/items",
    scope: "medical:read",
    stability: "experimental",
    summary: "List the shelter's medical items",
    document: {
      tag: "medical",
      description: `The vaccinations, tests and treatments the shelter keeps, by id, each with how often it repeats. A new shelter's list is empty.`,
      responses: {
        "200": jsonAnswer("The list", z.array(TreatmentItem)),
        ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
      },
    },
  },
  async (request) => {
    parseSearchParams(request.url, NoQuery);
    return jsonResponse(await medical.listTreatmentItems());
  },
);

export const addTreatmentItem = defineOperation(
  {
    operationId: "addTreatmentItem",
    method: "POST",
    path: "/medical/items",
    scope: "medical:write",
    stability: "experimental",
    summary: "Add an item to the medical list",
    document: {
      tag: "medical",
      description: `Adds a vaccination, test or treatment to the shelter's list; \`repeatEvery\` schedules the next one when an entry is recorded. Event \`medical.item_added\`.`,
      ...jsonBody(NewTreatmentItem),
      responses: {
        "201": jsonAnswer("The item added", TreatmentItem, "Location"),
        ...errorRefs({ ...BODY_ERRORS, ...COMMON_ERRORS }),
      },
    },
  },
  async (request) => {
    const item = await medical.addTreatmentItem(await parseBody(request, NewTreatmentItem, "item"));
    return jsonResponse(item, 201, { Location: `/v1/medical/items/${item.id}` });
  },
);

export const changeTreatmentItem = defineOperation(
  {
    operationId: "changeTreatmentItem",
    method: "PATCH",
    path: "/medical/items/{itemId}",
    scope: "medical:write",
    stability: "experimental",
    summary: "Rename a medical item or change its interval",
    document: {
      tag: "medical",
      description: `Entries already recorded keep their due days; \`repeatEvery: null\` makes the item given once. Its kind does not change. Event \`medical.item_changed\`.`,
      parameters: [itemIdParameter],
      ...jsonBody(TreatmentItemChange),
      responses: {
        "200": jsonAnswer("The item changed", TreatmentItem),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context) => {
    const id = parsePathId((await context.params).itemId, "itemId", "invalid_item_id");
    const change = await parseBody(request, TreatmentItemChange, "item change", PATCH_TYPES);
    return jsonResponse(
      found(id === undefined ? undefined : await medical.changeTreatmentItem(id, change), noSuchItem),
    );
  },
);

export const listMedicalEntries = defineOperation(
  {
    operationId: "listMedicalEntries",
    method: "GET",
    path: "/pets/{petId}/medical",
    scope: "medical:read",
    stability: "experimental",
    summary: "List an animal's medical entries",
    document: {
      tag: "medical",
      description: `The animal's vaccinations, tests and treatments, oldest \`givenOn\` first. ${MEDICAL}`,
      parameters: [petIdParameter],
      responses: {
        "200": jsonAnswer("The entries", z.array(MedicalEntry)),
        ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context) => {
    const petId = await petIdOf(context);
    parseSearchParams(request.url, NoQuery);
    return jsonResponse(found(await medical.listMedicalEntries(petId), noSuchPet));
  },
);

export const recordMedicalEntry = defineOperation(
  {
    operationId: "recordMedicalEntry",
    method: "POST",
    path: "/pets/{petId}/medical",
    scope: "medical:write",
    stability: "experimental",
    summary: "Record a vaccination, test or treatment",
    document: {
      tag: "medical",
      description: `Records what was given (the due list's "mark given" too). Without \`nextDue\`, the next is due after the item's interval (none for an item given once); a \`nextDue\` on or before \`givenOn\` is a 400. A lot is for vaccines; a test needs its result (422 \`entry_does_not_fit_item\`); an \`itemId\` the list lacks is 422 \`unknown_item\`. Event \`medical.recorded\`, without notes, lot, result or who gave it.`,
      parameters: [petIdParameter],
      ...jsonBody(NewMedicalEntry),
      responses: {
        "201": jsonAnswer("The entry recorded", MedicalEntry, "Location"),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", "422": "MedicalEntryRefused", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context) => {
    const petId = await petIdOf(context);
    const input = await parseBody(request, NewMedicalEntry, "medical entry");
    const entry = found(await medical.recordMedicalEntry(petId, input), noSuchPet);
    return jsonResponse(entry, 201, { Location: `/v1/medical/entries/${entry.id}` });
  },
);

export const getMedicalEntry = defineOperation(
  {
    operationId: "getMedicalEntry",
    method: "GET",
    path: "/medical/entries/{entryId}",
    scope: "medical:read",
    stability: "experimental",
    summary: "Get a medical entry",
    document: {
      tag: "medical",
      description: `${MEDICAL}`,
      parameters: [entryIdParameter],
      responses: {
        "200": jsonAnswer("The entry", MedicalEntry),
        ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context) => {
    const id = parsePathId((await context.params).entryId, "entryId", "invalid_entry_id");
    parseSearchParams(request.url, NoQuery);
    return jsonResponse(found(id === undefined ? undefined : await medical.getMedicalEntry(id), noSuchEntry));
  },
);

export const correctMedicalEntry = defineOperation(
  {
    operationId: "correctMedicalEntry",
    method: "PATCH",
    path: "/medical/entries/{entryId}",
    scope: "medical:write",
    stability: "experimental",
    summary: "Correct a medical entry, with the reason",
    document: {
      tag: "medical",
      description: `A merge patch of the entry (null removes an optional field) and the \`reason\`, which is required, stored with the record and never logged or put in an event. The result follows the same rules as a new entry. Event \`medical.corrected\` naming the fields changed.`,
      parameters: [entryIdParameter],
      ...jsonBody(MedicalEntryCorrection),
      responses: {
        "200": jsonAnswer("The entry corrected", MedicalEntry),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", "422": "MedicalEntryRefused", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context) => {
    const id = parsePathId((await context.params).entryId, "entryId", "invalid_entry_id");
    const correction = await parseBody(request, MedicalEntryCorrection, "correction", PATCH_TYPES);
    return jsonResponse(
      found(id === undefined ? undefined : await medical.correctMedicalEntry(id, correction), noSuchEntry),
    );
  },
);

export const getHealthFacts = defineOperation(
  {
    operationId: "getHealthFacts",
    method: "GET",
    path: "/pets/{petId}/health",
    scope: "medical:read",
    stability: "experimental",
    summary: "Get an animal's health facts",
    document: {
      tag: "medical",
      description: `Spay/neuter, microchip and weight history; a fact not recorded is absent (unknown). ${MEDICAL}`,
      parameters: [petIdParameter],
      responses: {
        "200": jsonAnswer("The health facts", HealthFacts),
        ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context) => {
    const petId = await petIdOf(context);
    parseSearchParams(request.url, NoQuery);
    return jsonResponse(found(await medical.getHealthFacts(petId), noSuchPet));
  },
);

export const changeHealthFacts = defineOperation(
  {
    operationId: "changeHealthFacts",
    method: "PATCH",
    path: "/pets/{petId}/health",
    scope: "medical:write",
    stability: "experimental",
    summary: "Set or correct an animal's spay/neuter or microchip",
    document: {
      tag: "medical",
      description: `Recording what was unknown needs no reason; changing a recorded value does (400 naming \`reason\`). A microchip number no chip could send (not 15 digits, a 000 or 999 code, an identification over 2^38-1) is a 400 naming \`microchip\`. Event \`medical.health_changed\`, never with the chip's number.`,
      parameters: [petIdParameter],
      ...jsonBody(HealthFactsCorrection),
      responses: {
        "200": jsonAnswer("The health facts", HealthFacts),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context) => {
    const petId = await petIdOf(context);
    const patch = await parseBody(request, HealthFactsCorrection, "health facts", PATCH_TYPES);
    return jsonResponse(found(await medical.changeHealthFacts(petId, patch), noSuchPet));
  },
);

export const addWeight = defineOperation(
  {
    operationId: "addWeight",
    method: "POST",
    path: "/pets/{petId}/weights",
    scope: "medical:write",
    stability: "experimental",
    summary: "Record an animal's weight",
    document: {
      tag: "medical",
      description: `Adds a weighing to the history (a second on the same day replaces the first) and answers the health facts. Event \`medical.weighed\`, without the weight.`,
      parameters: [petIdParameter],
      ...jsonBody(WeightEntry),
      responses: {
        "201": jsonAnswer("The health facts, with the weighing", HealthFacts, "Location"),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (request, context) => {
    const petId = await petIdOf(context);
    const weight = await parseBody(request, WeightEntry, "weight");
    const facts = found(await medical.addWeight(petId, weight), noSuchPet);
    return jsonResponse(facts, 201, { Location: `/v1/pets/${petId}/health` });
  },
);
