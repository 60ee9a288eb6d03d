import "server-only";
import { ApiKey, ApiKeys, ApiKeyWithSecret, NewApiKey } from "@/lib/keys/schemas";
import { errorRefs } from "./error-responses";
import { headerRefs } from "./response-headers";
import { RATE_LIMIT_HEADERS } from "./shared-parts";

// Touch the schemas so their registrations (the `.meta({ id })` calls) are certain to have run.
void [ApiKey, ApiKeys, ApiKeyWithSecret, NewApiKey];

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const common = {
  "401": "Unauthorized",
  "403": "Forbidden",
  "429": "TooManyRequests",
  "500": "InternalError",
  "503": "StoreUnavailable",
} as const;
const EXPERIMENTAL =
  "Experimental: may change or go away in any release, announced in the README's changelog only (see the versioning policy).";
const keyId = {
  name: "keyId",
  in: "path",
  required: true,
  description: "The key's public id (12 hex digits), as the listing names it",
  schema: { type: "string" },
};

function operation(
  operationId: string,
  scopeName: "keys:read" | "keys:write",
  summary: string,
  description: string,
  responses: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return {
    operationId,
    security: [{ bearerAuth: [scopeName] }],
    tags: ["keys"],
    "x-stability": "experimental",
    summary,
    description: `${description} ${EXPERIMENTAL}`,
    ...extra,
    responses,
  };
}

/** Issuing, listing and revoking API keys, as `npm run keys` does (issue 25, docs/decisions/186). */
export function keyPaths() {
  return {
    "/keys": {
      get: operation(
        "listKeys",
        "keys:read",
        "List issued API keys",
        "Every key `npm run keys` or this API issued, oldest first, revoked and expired ones included; never a secret or hash. Not paged: a shelter has a few. Keys from `PETSTORE_API_KEYS` are not listed.",
        {
          "200": {
            description: "Every issued key",
            headers: headerRefs("XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
            content: json("ApiKeys"),
          },
          ...errorRefs({ "400": "BadRequest", ...common }),
        },
      ),
      post: operation(
        "createKey",
        "keys:write",
        "Issue an API key",
        "The answer holds the key's `secret`, which is never shown again (only its hash is kept); it works at once. A caller may only give the new key scopes it holds itself (403 `insufficient_scope` otherwise). Its `key.created` event names the caller. Not idempotent: a retry issues another key.",
        {
          "201": {
            description: "Issued; durable",
            headers: headerRefs("Location", "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
            content: json("ApiKeyWithSecret"),
          },
          ...errorRefs({ "400": "BadRequest", "413": "PayloadTooLarge", "415": "UnsupportedMediaType", ...common }),
        },
        { requestBody: { required: true, content: json("NewApiKey") } },
      ),
    },
    "/keys/{keyId}": {
      delete: operation(
        "revokeKey",
        "keys:write",
        "Revoke an API key",
        "The key is refused from then on (by every instance within a second) and stays listed with its `revokedAt`. Revoking a revoked key changes nothing and answers 204 again. A caller may only revoke a key whose every scope it holds. Its `key.revoked` event names the caller.",
        {
          "204": { description: "Revoked", headers: headerRefs("XRequestId", ...RATE_LIMIT_HEADERS) },
          ...errorRefs({ "404": "NotFound", ...common }),
        },
        { parameters: [keyId] },
      ),
    },
  };
}
