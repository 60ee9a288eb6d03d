import "server-only";
import { PetId } from "@/lib/pets/schemas";
import { StayId, staySummary, type Stay } from "./stay-schemas";
import { PlacementId } from "./foster-schemas";
import { PetNotFoundError } from "@/lib/pets/pet-errors";
import type { Caller } from "@/lib/keys/caller";
import { ApiError } from "@/lib/api/api-error";
import { parsePathId } from "@/lib/api/parse-path-id";
import { parsePetId } from "@/lib/api/parse-pet-id";
import { schemaOf } from "@/lib/api/openapi/json-schema";
import { pathParameter } from "@/lib/api/openapi/operation-parts";

/*
 * What the stays' operations share (issue 41, docs/decisions/249, 252): their path ids, their
 * 404s, and who sees a stay's personal parts.
 */

export const STAYS_TAG = "stays";
export const PERSONAL_PARTS =
  "Who brought the animal, who took it, its foster carers and staff notes (`personal`) are answered only to a caller holding `applications:read`; others get the stay without them. They are never logged or put in events, and are erased `PETSTORE_RECORD_RETENTION_DAYS` (default 365) after the stay ends.";

export const petIdParameter = pathParameter("petId", "ID of the animal", schemaOf(PetId));
export const stayIdParameter = pathParameter("stayId", "The stay's id", schemaOf(StayId));
export const placementIdParameter = pathParameter("placementId", "The foster placement's id", schemaOf(PlacementId));

const noSuchPet = () => new ApiError(404, "not_found", "No pet has this id.");
export const noSuchStay = () => new ApiError(404, "not_found", "No stay has this id.");
export const noSuchPlacement = () =>
  new ApiError(404, "not_found", "This animal has no foster placement with this id.");

export async function petIdOf(context: { params: Promise<{ petId: string }> }): Promise<number> {
  const petId = parsePetId((await context.params).petId);
  if (petId === undefined) throw noSuchPet();
  return petId;
}

export async function stayIdOf(context: { params: Promise<{ stayId: string }> }): Promise<number> {
  const stayId = parsePathId((await context.params).stayId, "stayId", "invalid_stay_id");
  if (stayId === undefined) throw noSuchStay();
  return stayId;
}

export async function placementIdOf(context: { params: Promise<{ placementId: string }> }): Promise<number> {
  const placementId = parsePathId((await context.params).placementId, "placementId", "invalid_placement_id");
  if (placementId === undefined) throw noSuchPlacement();
  return placementId;
}

/** The pet named in the path does not exist: 404, not the 422 of a body naming one. */
export function petInPath(error: unknown): never {
  if (error instanceof PetNotFoundError) throw noSuchPet();
  throw error;
}

export function found(stay: Stay | undefined, notFound = noSuchStay): Stay {
  if (!stay) throw notFound();
  return stay;
}

/** The stay as this caller may see it: its personal parts only with applications:read (docs/decisions/249). */
export function stayFor(caller: Caller | undefined, stay: Stay): Stay {
  return caller?.scopes.includes("applications:read") ? stay : staySummary(stay);
}
