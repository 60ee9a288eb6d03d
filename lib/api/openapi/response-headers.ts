import { GET_PET_DEPRECATED_AT, GET_PET_LINKS, GET_PET_SUNSET } from "@/lib/api/get-pet-deprecation";

/** Response headers the API promises, as OpenAPI header objects. */
export const headers = {
  XRequestId: {
    description:
      "Identifies this request in our logs. A sane incoming X-Request-Id (1-128 of A-Z a-z 0-9 . _ : -) is echoed; otherwise a new one is made.",
    schema: { type: "string" },
  },
  CacheControl: {
    description:
      "`no-store, no-transform`: answers are per caller and change with every create; the small JSON bodies are sent uncompressed.",
    schema: { type: "string", const: "no-store, no-transform" },
  },
  NextPageLink: {
    description:
      'RFC 8288 link to the next page, present only when more items match: `</v1/pets?limit=20&status=sold&cursor=…>; rel="next"` (or `/v1/store/orders?…`). The cursor is opaque and pages only this listing (same filters); follow the link as given. Pages are newest first, keyed on id, so a walk never skips or repeats an item while others are added.',
    schema: { type: "string" },
  },
  ETag: {
    description:
      "RFC 9110 §8.8.3: the animal's version, a strong entity tag that changes whenever the animal's own fields do (its photos are not part of it). Send it back in `If-Match` on updatePet so a change made meanwhile by someone else is not overwritten.",
    schema: { type: "string", pattern: '^"[0-9a-z]+"$' },
  },
  Location: {
    description:
      "Where the new resource can be read: `/v1/pets/{id}`, `/v1/store/orders/{id}` or `/v1/categories/{id}`.",
    schema: { type: "string" },
  },
  Deprecation: {
    description:
      "RFC 9745: this operation is deprecated, and has been since this Unix time (2026-11-21 00:00 UTC, the service's first release).",
    schema: { type: "string", const: GET_PET_DEPRECATED_AT },
  },
  Sunset: {
    description: "RFC 8594: the operation is removed at this time.",
    schema: { type: "string", const: GET_PET_SUNSET },
  },
  DeprecationLinks: {
    description:
      'RFC 8288 links, one field: the replacement operation, `</v1/pets>; rel="successor-version"` (listPets with a status filter), and human-readable migration notes, `</docs/deprecations#get-pet>; rel="deprecation"; type="text/html"` (RFC 9745 §3).',
    schema: { type: "string", const: GET_PET_LINKS },
  },
  WWWAuthenticate: {
    description:
      'RFC 6750 challenge: `Bearer realm="petstore"` when no bearer key was sent; with `, error="invalid_token"` when the key sent is not valid (unknown, revoked or expired); on a 403, `Bearer realm="petstore", error="insufficient_scope", scope="pets:write"` names the scope the operation needs (§3.1).',
    schema: { type: "string" },
  },
  RetryAfter: { description: "Seconds to wait before retrying.", schema: { type: "integer", minimum: 1 } },
  RateLimitPolicy: {
    description:
      'draft-ietf-httpapi-ratelimit-headers: the quota this answer was counted against, as a structured-field item: `"per-key";q=600;w=60` (requests per window of `w` seconds for this API key, PETSTORE_RATE_LIMIT and PETSTORE_RATE_LIMIT_WINDOW_SECONDS), or on a refused key `"failed-auth";q=20;w=60` (failed authentications per client address). Absent when the limit is turned off.',
    schema: { type: "string", pattern: '^"(per-key|failed-auth)";q=[0-9]+;w=[0-9]+$' },
  },
  RateLimit: {
    description:
      'draft-ietf-httpapi-ratelimit-headers: what is left of that quota, `"per-key";r=599;t=42`: `r` requests remain until the window resets in `t` seconds. On a 429, `Retry-After` names the same moment.',
    schema: { type: "string", pattern: '^"(per-key|failed-auth)";r=[0-9]+;t=[0-9]+$' },
  },
} as const;

export type HeaderName = keyof typeof headers;

export function headerRefs(...names: HeaderName[]) {
  const wire: Record<HeaderName, string> = {
    XRequestId: "X-Request-Id",
    CacheControl: "Cache-Control",
    NextPageLink: "Link",
    ETag: "ETag",
    Location: "Location",
    Deprecation: "Deprecation",
    Sunset: "Sunset",
    DeprecationLinks: "Link",
    WWWAuthenticate: "WWW-Authenticate",
    RetryAfter: "Retry-After",
    RateLimitPolicy: "RateLimit-Policy",
    RateLimit: "RateLimit",
  };
  return Object.fromEntries(names.map((name) => [wire[name], { $ref: `#/components/headers/${name}` }]));
}
