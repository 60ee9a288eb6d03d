import "server-only";
import { NewPet } from "../pets/schemas";
import { getPetStore } from "../store";
import { apiRoute, jsonResponse } from "./api-route";
import { authenticate } from "./authenticate";
import { ApiError } from "./errors";
import { describeFieldErrors, fieldErrorsOf } from "./field-errors";
import { GET_PET_DEPRECATION_HEADERS } from "./get-pet-deprecation";
import { nextPageLink } from "./link-header";
import { parseListQuery } from "./parse-query";
import { parsePetId } from "./parse-pet-id";
import { readJsonBody } from "./read-json-body";

export const PETS_PATH = "/v1/pets";

/** listPets: GET /v1/pets — newest first; more pages are announced with `Link: rel="next"`. */
export const listPets = apiRoute(async (request) => {
  await authenticate(request);
  const query = parseListQuery(new URL(request.url));
  const store = await getPetStore();
  const page = await store.list(query);
  const headers: Record<string, string> = {};
  if (page.nextCursor) {
    headers.Link = nextPageLink(PETS_PATH, { limit: query.limit, status: query.status, cursor: page.nextCursor });
  }
  return jsonResponse(page.pets, 200, headers);
});

/** createPet: POST /v1/pets — answers 201 only once the pet is on disk. */
export const createPet = apiRoute(async (request) => {
  await authenticate(request);
  const parsed = NewPet.safeParse(await readJsonBody(request), { reportInput: true });
  if (!parsed.success) {
    const details = fieldErrorsOf(parsed.error);
    throw new ApiError(400, "invalid_body", `Invalid pet: ${describeFieldErrors(details)}.`, details);
  }
  const store = await getPetStore();
  const pet = await store.create(parsed.data);
  return jsonResponse(pet, 201, { Location: `${PETS_PATH}/${pet.id}` });
});

type PetRouteContext = { params: Promise<{ petId: string }> };

const getPetAnswer = apiRoute<PetRouteContext>(async (request, context) => {
  await authenticate(request);
  const id = parsePetId((await context.params).petId);
  const store = await getPetStore();
  const pet = id === undefined ? undefined : await store.get(id);
  if (!pet) throw new ApiError(404, "not_found", "No pet has this id.");
  return jsonResponse(pet);
});

/**
 * getPet: GET /v1/pets/{petId}. Deprecated, removed on 5 December 2030; every answer says
 * so (RFC 9745 Deprecation, RFC 8594 Sunset) and links its successor, listPets, and the
 * migration notes.
 */
export async function getPet(request: Request, context: PetRouteContext): Promise<Response> {
  const response = await getPetAnswer(request, context);
  for (const [name, value] of Object.entries(GET_PET_DEPRECATION_HEADERS)) response.headers.set(name, value);
  return response;
}
