import "server-only";
import { apiRoute, jsonResponse } from "@/lib/api/api-route";
import { parseSearchParams } from "@/lib/api/parse-search-params";
import { GalleryQuery } from "./gallery-schemas";
import { listAvailablePets } from "./list-available-pets";

/**
 * `GET /gallery/pets?cursor=…&category=…`: `{pets, nextCursor}` of available pets, or an Error body.
 * It shares the API's query rules, error mapping and headers (no-store: the data is
 * public but changes whenever staff add a pet).
 */
// Public: adopters browse without a key, and it shows only what the gallery shows.
export const galleryPets = apiRoute({ auth: "public" }, async (request) => {
  const { cursor, category } = parseSearchParams(new URL(request.url), GalleryQuery);
  return jsonResponse(await listAvailablePets(cursor, category));
});
