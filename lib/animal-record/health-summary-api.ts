import "server-only";
import { jsonResponse } from "@/lib/api/api-route";
import { ApiError } from "@/lib/api/api-error";
import { defineOperation } from "@/lib/api/operation";
import { parsePetId } from "@/lib/api/parse-pet-id";
import { errorRefs } from "@/lib/api/openapi/error-responses";
import { schemaOf } from "@/lib/api/openapi/json-schema";
import { COMMON_ERRORS, jsonAnswer, pathParameter } from "@/lib/api/openapi/operation-parts";
import { PetId } from "@/lib/pets/schemas";
import { AdopterHealthSummary } from "./adopter-summary";
import { petHealthSummary } from "./health-summary-service";

/** getPetHealthSummary: GET /v1/pets/{petId}/health-summary — what adopters see (docs/decisions/249). */
export const getPetHealthSummary = defineOperation(
  {
    operationId: "getPetHealthSummary",
    method: "GET",
    path: "/pets/{petId}/health-summary",
    scope: "pets:read",
    stability: "experimental",
    summary: "Get an animal's health summary for adopters",
    document: {
      tag: "pets",
      description:
        "Vaccinated, neutered, microchipped: each `yes`, `no` or `unknown`, as the animal's page shows them, worked out from the medical record on the shelter's today (`PETSTORE_TIME_ZONE`). Never a note, date, result or any other detail: those need `medical:read`. A `petId` that is not a positive decimal integer is a 400; a well-formed id that names no pet is a 404.",
      parameters: [pathParameter("petId", "ID of the animal", schemaOf(PetId))],
      responses: {
        "200": jsonAnswer("The animal's summary", AdopterHealthSummary),
        ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (_request, context) => {
    const petId = parsePetId((await context.params).petId);
    const summary = petId === undefined ? undefined : await petHealthSummary(petId);
    if (!summary) throw new ApiError(404, "not_found", "No pet has this id.");
    return jsonResponse(summary);
  },
);
