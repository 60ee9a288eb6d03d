/**
 * getPet (GET /v1/pets/{petId}) is deprecated and will be removed. Every answer says so;
 * the API's headers, its OpenAPI document and the migration notes page read these.
 */

/** Human-readable migration notes (RFC 9745 §3's "deprecation" link). */
export const GET_PET_MIGRATION_NOTES = "/docs/deprecations#get-pet";

/**
 * RFC 9745 §2: the date the resource *was* deprecated (a future date would announce a
 * deprecation to come). getPet was flagged at this service's first release, 2026-11-21.
 */
export const GET_PET_DEPRECATED_AT = "@1795219200";

/** RFC 8594: removed on 5 December 2030. */
export const GET_PET_SUNSET = "Thu, 05 Dec 2030 00:00:00 GMT";

/** The successor (listPets) and the migration notes, as one RFC 8288 field value. */
export const GET_PET_LINKS = `</v1/pets>; rel="successor-version", <${GET_PET_MIGRATION_NOTES}>; rel="deprecation"; type="text/html"`;

export const GET_PET_DEPRECATION_HEADERS = {
  Deprecation: GET_PET_DEPRECATED_AT,
  Sunset: GET_PET_SUNSET,
  Link: GET_PET_LINKS,
} as const;
