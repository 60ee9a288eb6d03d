import "server-only";
import { NewPet, PET_PATCH_MEDIA_TYPES, PetPatch, type Pet } from "@/lib/pets/schemas";
import { getLogger } from "@/lib/ops/logger";
import { PetNotFoundError } from "@/lib/store/order-store";
import { parseBody } from "./parse-body";
import { getPetStore } from "@/lib/store";
import type { ListPetsQuery, PetPage } from "@/lib/store/pet-store";
import { thenMaybe } from "@/lib/maybe-promise";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { oncePerFrozen } from "./once-per-frozen";
import { ApiError } from "./api-error";
import { describeFieldErrors, fieldErrorsOf } from "./field-errors";
import { GET_PET_DEPRECATION_HEADERS } from "./get-pet-deprecation";
import { nextPageLink } from "@/lib/paging/link-header";
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

export const PETS_PATH = "/v1/pets";

// A remembered page (one query's, frozen) has one next link (./once-per-frozen.ts).
const linkOnce = oncePerFrozen<string>();

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
  },
  (request) => {
    const params = parseListParams(request.url);
    const query = listQueryOnce(params, () => frozenQuery(toListQuery(params)));
    return thenMaybe(getPetStore(), (store) =>
      thenMaybe(store.list(query), (page) =>
        thenMaybe(getPhotoStore(), (photos) =>
          thenMaybe(photos.photosOf(page.pets.map((pet) => pet.id)), (found) =>
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
    headers.Link = linkOnce(remembered, () => nextPageLink(PETS_PATH, { ...listParamsText(params), cursor }));
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
