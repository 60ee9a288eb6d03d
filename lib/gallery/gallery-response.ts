import "server-only";
import { apiRoute, jsonResponse } from "../api/api-route";
import { parseQuery } from "../api/parse-query";
import { GalleryQuery } from "./gallery-page";
import { listAvailablePets } from "./list-available-pets";

/**
 * `GET /gallery/pets?cursor=…`: `{pets, nextCursor}` of available pets, or an Error body.
 * It shares the API's query rules, error mapping and headers (no-store: the data is
 * public but changes whenever staff add a pet).
 */
export const galleryPets = apiRoute(async (request) => {
  const { cursor } = parseQuery(new URL(request.url), GalleryQuery);
  return jsonResponse(await listAvailablePets(cursor));
});
