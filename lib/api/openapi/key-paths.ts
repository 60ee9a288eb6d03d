import "server-only";
import { ApiKey, ApiKeys, ApiKeyWithSecret, NewApiKey } from "@/lib/keys/schemas";
import { errorRefs } from "./error-responses";
import {
  BODY_ERRORS,
  COMMON_ERRORS,
  emptyAnswer,
  experimentalOperation,
  jsonAnswer,
  jsonBody,
  pathParameter,
  type OperationArgs,
} from "./operation-parts";

// Touch the schemas so their registrations (the `.meta({ id })` calls) are certain to have run.
void [ApiKey, ApiKeys, ApiKeyWithSecret, NewApiKey];

const keyId = pathParameter("keyId", "The key's public id (12 hex digits), as the listing names it");
const operation = (...args: OperationArgs) => experimentalOperation("keys", ...args);

/** Issuing, listing and revoking API keys, as `npm run keys` does (issue 25, docs/decisions/186). */
export function keyPaths() {
  return {
    "/keys": {
      get: operation(
        "listKeys",
        "keys:read",
        "List issued API keys",
        "Every key `npm run keys` or this API issued, oldest first, revoked and expired ones included; never a secret or hash. Not paged: a shelter has a few. Keys from `PETSTORE_API_KEYS` are not listed. Each names its `issuer`, whose loss of its scopes revokes it.",
        {
          "200": jsonAnswer("Every issued key", "ApiKeys"),
          ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
        },
      ),
      post: operation(
        "createKey",
        "keys:write",
        "Issue an API key",
        "The answer holds the key's `secret`, which is never shown again (only its hash is kept); it works at once. A caller may only give the new key scopes it holds itself (403 `insufficient_scope` otherwise). Its `key.created` event names the caller; its `issuer` is the person behind the caller (a key passes on its own issuer). Not idempotent: a retry issues another key.",
        {
          "201": jsonAnswer("Issued; durable", "ApiKeyWithSecret", "Location"),
          ...errorRefs({ ...BODY_ERRORS, ...COMMON_ERRORS }),
        },
        jsonBody("NewApiKey"),
      ),
    },
    "/keys/{keyId}": {
      delete: operation(
        "revokeKey",
        "keys:write",
        "Revoke an API key",
        "The key is refused from then on (by every instance within a second) and stays listed with its `revokedAt`. Revoking a revoked key changes nothing and answers 204 again. A caller may only revoke a key whose every scope it holds. Its `key.revoked` event names the caller.",
        {
          "204": emptyAnswer("Revoked"),
          ...errorRefs({ "404": "NotFound", ...COMMON_ERRORS }),
        },
        { parameters: [keyId] },
      ),
    },
  };
}
