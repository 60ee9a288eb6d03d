import "server-only";
import { NewPet, PET_PATCH_MEDIA_TYPES, Pet, PetPatch, PetId, Pets } from "@/lib/pets/schemas";
import { getLogger } from "@/lib/ops/logger";
import { PetNotFoundError } from "@/lib/pets/pet-errors";
import { parseBody } from "./parse-body";
import { getPetStore } from "@/lib/composition";
import type { ListPetsQuery, PetPage } from "@/lib/pets/pet-store";
import { thenMaybe } from "@/lib/maybe-promise";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { oncePerFrozen } from "./once-per-frozen";
import { ApiError } from "./api-error";
import { describeFieldErrors, fieldErrorsOf } from "./field-errors";
import { GET_PET_DEPRECATION_HEADERS } from "./get-pet-deprecation";
import { nextPageLinkWithCursor, queryTextOf } from "@/lib/paging/link-header";
import { parseListParams } from "./parse-search-params";
import { parsePetId } from "./parse-pet-id";
import { readJsonBody } from "./read-json-body";
import { listParamsText, toListQuery } from "@/lib/pets/list-query";
import type { ListParams } from "@/lib/pets/list-params";
import { created } from "./recorded-write";
import { getPhotoStore } from "@/lib/photos";
import { withPhotos } from "@/lib/photos/photo-json";
import { petEtag } from "@/lib/pets/pet-version";
import { versionsFromIfMatch } from "./if-match";
import { tellWaitingAdopters } from "@/lib/applications/animal-gone";
import { MAX_BODY_BYTES } from "@/lib/api/read-json-body";
import { GET_PET_MIGRATION_NOTES } from "@/lib/api/get-pet-deprecation";
import { IDEMPOTENCY_KEY_PARAMETER, RATE_LIMIT_HEADERS } from "./openapi/shared-parts";
import { errorRefs } from "./openapi/error-responses";
import { headerRefs } from "./openapi/response-headers";
import { schemaOf } from "./openapi/json-schema";
import { jsonOf } from "./openapi/operation-parts";
import { DEPRECATION_HEADERS, listPetsParameters } from "./openapi/pet-parts";

export const PETS_PATH = "/v1/pets";

// A remembered page (one query's, frozen) has one next link (./once-per-frozen.ts), and
// remembered parameters (parseSearchParams) one query text without the cursor.
const linkOnce = oncePerFrozen<string>();
const queryTextOnce = oncePerFrozen<string>();

/**
 * listPets: GET /v1/pets — newest first; more pages are announced with `Link: rel="next"`.
 * Answered without a promise when the store holds the page at hand (lib/maybe-promise.ts).
 */
export const listPets = defineOperation(
  {
    operationId: "listPets",
    method: "GET",
    path: "/pets",
    scope: "pets:read",
    stability: "stable",
    summary: "List all animals",
    document: {
      tag: "pets",
      description:
        "Newest first, at most `limit` (default 20). With `status`, only animals with that status; with `id`, only those animals; `q` searches names, and `categoryId`, `sex`, `size`, `ageGroup` and `goodWith` filter by category and profile (beta). Animals staff still prepare (unlisted) are left out unless `listed` asks for them (beta). Every parameter given must match. Follow the `Link` header for the next page: it keeps the filters.",
      parameters: listPetsParameters(),
      responses: {
        "200": {
          description: "A paginated list of animals",
          headers: headerRefs("NextPageLink", "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
          content: jsonOf(Pets),
        },
        ...errorRefs({
          "400": "BadRequest",
          "401": "Unauthorized",
          "403": "Forbidden",
          "429": "TooManyRequests",
          "500": "InternalError",
          "503": "StoreUnavailable",
        }),
      },
    },
  },
  (request) => {
    const params = parseListParams(request.url);
    const query = listQueryOnce(params, () => frozenQuery(toListQuery(params)));
    return thenMaybe(getPetStore(), (store) =>
      thenMaybe(store.list(query), (page) =>
        thenMaybe(getPhotoStore(), (photos) =>
          thenMaybe(photos.photosOf(idsOnce(page.pets, () => page.pets.map((pet) => pet.id))), (found) =>
            petPageResponse({ ...page, pets: withPhotos(page.pets, found) as Pet[] }, page, params),
          ),
        ),
      ),
    );
  },
);

// The parsed parameters are frozen and remembered (parseSearchParams), and so is their query:
// frozen too, filter and ids included, so the stores may work out its cache key once.
const listQueryOnce = oncePerFrozen<ListPetsQuery>();
// A remembered page's ids, one frozen list: the photos' cache answers it again by identity.
const idsOnce = oncePerFrozen<readonly number[]>();

function frozenQuery(query: ListPetsQuery): ListPetsQuery {
  if (query.filter?.goodWith) Object.freeze(query.filter.goodWith);
  if (query.filter) Object.freeze(query.filter);
  if (query.ids) Object.freeze(query.ids);
  return Object.freeze(query);
}

/** `page` with its photos; `remembered` is the store's own page, which the next link is memoized on. */
function petPageResponse(page: PetPage, remembered: PetPage, params: ListParams): Response {
  const headers: Record<string, string> = {};
  if (page.nextCursor) {
    const { nextCursor: cursor } = page;
    headers.Link = linkOnce(remembered, () =>
      nextPageLinkWithCursor(
        PETS_PATH,
        queryTextOnce(params, () => queryTextOf(listParamsText(params))),
        cursor,
      ),
    );
  }
  return jsonResponse(page.pets, 200, headers);
}

/** createPet: POST /v1/pets — answers 201 only once the pet (and its Idempotency-Key's answer) is on disk. */
export const createPet = defineOperation(
  {
    operationId: "createPet",
    method: "POST",
    path: "/pets",
    scope: "pets:write",
    idempotent: true,
    stability: "stable",
    summary: "Add an animal",
    document: {
      tag: "pets",
      description: `The id is assigned by the service. Answers 201 only once the animal is on disk. Bodies are at most ${MAX_BODY_BYTES} bytes of \`application/json\`.`,
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      requestBody: { required: true, content: jsonOf(NewPet) },
      responses: {
        "201": {
          description:
            "Animal added; the response carries the assigned `id`. A retry with the same `Idempotency-Key` and body gets this same answer again, and nothing is added.",
          headers: headerRefs("Location", "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
          content: jsonOf(Pet),
        },
        ...errorRefs({
          "400": "BadRequest",
          "401": "Unauthorized",
          "403": "Forbidden",
          "409": "IdempotencyKeyInUse",
          "413": "PayloadTooLarge",
          "415": "UnsupportedMediaType",
          "422": "IdempotencyKeyReused",
          "429": "TooManyRequests",
          "500": "InternalError",
          "503": "StoreUnavailable",
        }),
      },
    },
  },
  async (request, _context, _caller, write) => {
    const parsed = NewPet.safeParse(await readJsonBody(request), { reportInput: true });
    if (!parsed.success) {
      const details = fieldErrorsOf(parsed.error);
      throw new ApiError(400, "invalid_body", `Invalid pet: ${describeFieldErrors(details)}.`, details);
    }
    const store = await getPetStore();
    return write(created(PETS_PATH), (record) => store.create(parsed.data, record));
  },
);

/**
 * getPet: GET /v1/pets/{petId}. Deprecated, removed on 5 December 2030; every answer says
 * so (RFC 9745 Deprecation, RFC 8594 Sunset) and links its successor, listPets, and the
 * migration notes.
 */
export const getPet = defineOperation(
  {
    operationId: "getPet",
    method: "GET",
    path: "/pets/{petId}",
    scope: "pets:read",
    headers: GET_PET_DEPRECATION_HEADERS,
    stability: "stable",
    summary: "Get an animal (deprecated)",
    deprecated: true,
    document: {
      tag: "pets",
      description: `Deprecated: removed on 5 December 2030. Use listPets with a \`status\` filter instead; see the [migration notes](${GET_PET_MIGRATION_NOTES}). Every answer carries \`Deprecation\`, \`Sunset\` and a \`Link\` to its successor and to those notes. A \`petId\` that is not a positive decimal integer is a 400; a well-formed id that names no pet is a 404.`,
      parameters: [
        {
          name: "petId",
          in: "path",
          required: true,
          description: "ID of the animal to retrieve",
          schema: schemaOf(PetId),
        },
      ],
      responses: {
        "200": {
          description: "The requested animal",
          headers: headerRefs(...DEPRECATION_HEADERS, "ETag", "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
          content: jsonOf(Pet),
        },
        ...errorRefs(
          {
            "400": "BadRequest",
            "401": "Unauthorized",
            "403": "Forbidden",
            "404": "NotFound",
            "429": "TooManyRequests",
            "500": "InternalError",
            "503": "StoreUnavailable",
          },
          DEPRECATION_HEADERS,
        ),
      },
    },
  },
  async (_request, context) => {
    const id = parsePetId((await context.params).petId);
    const store = await getPetStore();
    const pet = id === undefined ? undefined : await store.get(id);
    if (!pet) throw new ApiError(404, "not_found", "No pet has this id.");
    const photos = await (await getPhotoStore()).photosOf([pet.id]);
    return jsonResponse(withPhotos([pet], photos)[0], 200, { ETag: petEtag(pet) });
  },
);

/**
 * updatePet: PATCH /v1/pets/{petId}, a JSON Merge Patch (RFC 7396) of the fields in
 * PetPatch; a status change needs a reason and no open order holding the pet
 * (docs/decisions/155). With If-Match, only over the version the caller saw: 412 otherwise
 * (docs/decisions/213). The log names the pet and the new status, never the reason.
 */
export const updatePet = defineOperation(
  {
    operationId: "updatePet",
    method: "PATCH",
    path: "/pets/{petId}",
    scope: "pets:write",
    stability: "beta",
    summary: "Correct an animal's name, category, profile or status",
    document: {
      tag: "pets",
      description:
        "A JSON Merge Patch (RFC 7396; `application/json` is accepted too): the fields sent are set, the others stay, and `null` removes a profile field; `goodWith` merges member by member. `name`, `categoryId` and the profile can be corrected at any time. A `status` is for an animal no order holds, such as one added as `pending` or `sold`, or an adopted one that came back: it needs a `reason` (1 to 500 characters), stored with the change and never logged. While an open order (`placed` or `approved`) holds the animal, a patch with `status` is 409 `pet_held_by_order`: move the order instead. A patch that changes nothing writes nothing. Optional lost-update protection (RFC 9110 §13.1.1): send the `ETag` of the version you read in `If-Match`; if the animal changed meanwhile the answer is 412 `precondition_failed` and nothing is saved. Beta: changes that break clients are announced with `Deprecation` and `Sunset` headers at least 90 days ahead.",
      parameters: [
        {
          name: "petId",
          in: "path",
          required: true,
          description: "ID of the animal to correct",
          schema: schemaOf(PetId),
        },
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
        content: { "application/merge-patch+json": { schema: PetPatch }, "application/json": { schema: PetPatch } },
      },
      responses: {
        "200": {
          description: "The animal as it is now",
          headers: headerRefs("ETag", "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
          content: { "application/json": { schema: Pet } },
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
    },
  },
  async (request, context, caller) => {
    const id = parsePetId((await context.params).petId);
    const patch = await parseBody(request, PetPatch, "pet patch", PET_PATCH_MEDIA_TYPES);
    if (id === undefined) throw noSuchPet();
    const versions = versionsFromIfMatch(request.headers.get("if-match"));
    const store = await getPetStore();
    const write = () => store.updatePet(id, patch, versions);
    // An animal leaving `available` tells the adopters waiting for it (docs/decisions/221).
    const leaving = patch.status !== undefined && patch.status !== "available";
    const pet = await (leaving ? tellWaitingAdopters(id, write) : write()).catch((error: unknown) => {
      throw error instanceof PetNotFoundError ? noSuchPet() : error;
    });
    // Names the fields changed, never their values: a description or reason may name people.
    const fields = Object.keys(patch).filter((field) => field !== "reason");
    getLogger().info({ event: "pet_corrected", petId: id, status: pet.status, fields, keyId: caller?.keyId });
    return jsonResponse(pet, 200, { ETag: petEtag(pet) });
  },
);

const noSuchPet = () => new ApiError(404, "not_found", "No pet has this id.");
