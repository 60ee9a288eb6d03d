import type { ListPetsQuery } from "@/lib/pets/pet-store";
import type { PetFilter } from "./pet-filter";
import type { ListParams } from "./list-params";

/** The store's query for listPets' parameters: the profile filters and search grouped as one PetFilter. */
export function toListQuery(params: ListParams): ListPetsQuery {
  const { limit, status, cursor, id, categoryId, q, sex, size, ageGroup, goodWith, listed = "true" } = params;
  const filter: PetFilter = {};
  if (listed !== "all") filter.listed = listed === "true";
  if (q !== undefined) filter.q = q;
  if (sex !== undefined) filter.sex = sex;
  if (size !== undefined) filter.size = size;
  if (ageGroup !== undefined) filter.ageGroup = ageGroup;
  if (goodWith !== undefined) filter.goodWith = goodWith;
  const query: ListPetsQuery = { limit };
  if (status !== undefined) query.status = status;
  if (cursor !== undefined) query.cursor = cursor;
  if (id !== undefined) query.ids = id;
  if (categoryId !== undefined) query.categoryId = categoryId;
  if (Object.keys(filter).length > 0) query.filter = filter;
  return query;
}

/** The parameters again, as the next page's link repeats them (the cursor aside). */
export function listParamsText(params: ListParams): Record<string, string | number | undefined> {
  const { limit, status, id, q, categoryId, sex, size, ageGroup, goodWith, listed } = params;
  const goodWithText = goodWith?.join(",");
  return { limit, status, id: id?.join(","), q, categoryId, sex, size, ageGroup, goodWith: goodWithText, listed };
}
