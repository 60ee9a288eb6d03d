import "server-only";
import { PetId, PetPatch } from "@/lib/pets/schemas";
import { errorRefs } from "./error-responses";
import { headerRefs } from "./response-headers";
import { schemaOf } from "./json-schema";
import { RATE_LIMIT_HEADERS } from "./shared-parts";

// Touch the schema so its registration (the `.meta({ id })` call) is certain to have run.
void PetPatch;

const patchBody = { schema: { $ref: "#/components/schemas/PetPatch" } };

/** updatePet: PATCH /v1/pets/{petId} (docs/decisions/155). */
export const updatePetOperation = {
  operationId: "updatePet",
  tags: ["pets"],
  "x-stability": "beta",
  summary: "Correct an animal's name, category, profile or status",
  description:
    "A JSON Merge Patch (RFC 7396; `application/json` is accepted too): the fields sent are set, the others stay, and `null` removes a profile field; `goodWith` merges member by member. `name`, `categoryId` and the profile can be corrected at any time. A `status` is for an animal no order holds, such as one added as `pending` or `sold`, or an adopted one that came back: it needs a `reason` (1 to 500 characters), stored with the change and never logged. While an open order (`placed` or `approved`) holds the animal, a patch with `status` is 409 `pet_held_by_order`: move the order instead. A patch that changes nothing writes nothing. Optional lost-update protection (RFC 9110 §13.1.1): send the `ETag` of the version you read in `If-Match`; if the animal changed meanwhile the answer is 412 `precondition_failed` and nothing is saved. Beta: changes that break clients are announced with `Deprecation` and `Sunset` headers at least 90 days ahead.",
  security: [{ bearerAuth: ["pets:write"] }],
  parameters: [
    { name: "petId", in: "path", required: true, description: "ID of the animal to correct", schema: schemaOf(PetId) },
    {
      name: "If-Match",
      in: "header",
      required: false,
      description:
        'RFC 9110 §13.1.1: the `ETag` (or several, comma-separated) of the version the change is made over, such as `"0k3x…"`. `*` matches any existing animal; a weak tag (`W/"…"`) never matches. Without it the change is made over whatever is stored.',
      schema: { type: "string" },
    },
  ],
  requestBody: {
    required: true,
    content: { "application/merge-patch+json": patchBody, "application/json": patchBody },
  },
  responses: {
    "200": {
      description: "The animal as it is now",
      headers: headerRefs("ETag", "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Pet" } } },
    },
    ...errorRefs({
      "400": "BadRequest",
      "401": "Unauthorized",
      "403": "Forbidden",
      "404": "NotFound",
      "409": "Conflict",
      "412": "PreconditionFailed",
      "413": "PayloadTooLarge",
      "415": "UnsupportedMediaType",
      "429": "TooManyRequests",
      "500": "InternalError",
      "503": "StoreUnavailable",
    }),
  },
};
