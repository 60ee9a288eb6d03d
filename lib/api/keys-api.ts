import "server-only";
import * as z from "zod";
import { KeyAdminError } from "@/lib/keys/key-admin";
import { createKey, listKeys, revokeKeyAs, ScopeEscalationError } from "@/lib/keys/key-service";
import { ApiKeys, ApiKeyWithSecret, NewApiKey } from "@/lib/keys/schemas";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { ApiError } from "./api-error";
import { parseBody } from "./parse-body";
import { parseSearchParams } from "./parse-search-params";
import { errorRefs } from "./openapi/error-responses";
import { BODY_ERRORS, COMMON_ERRORS, emptyAnswer, jsonAnswer, jsonBody, pathParam } from "./openapi/operation-parts";

export const KEYS_PATH = "/v1/keys";

const NoQuery = z.strictObject({});

/** listKeys: GET /v1/keys — every issued key, oldest first, never a secret (no paging: docs/decisions/186). */
export const listApiKeys = defineOperation(
  {
    operationId: "listKeys",
    method: "GET",
    path: "/keys",
    scope: "keys:read",
    stability: "experimental",
    summary: "List issued API keys",
    document: {
      tag: "keys",
      description:
        "Every key `npm run keys` or this API issued, oldest first, revoked and expired ones included; never a secret or hash. Not paged: a shelter has a few. Keys from `PETSTORE_API_KEYS` are not listed. Each names its `issuer`, whose loss of its scopes revokes it.",
      requestParams: { query: NoQuery },
      responses: {
        "200": jsonAnswer("Every issued key", ApiKeys),
        ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
      },
    },
  },
  async (request) => {
    parseSearchParams(request.url, NoQuery);
    return jsonResponse(await listKeys());
  },
);

/**
 * createKey: POST /v1/keys — 201 with the key's secret, shown this once. Not idempotent:
 * a replay would have to keep the secret (docs/decisions/186).
 */
export const createApiKey = defineOperation(
  {
    operationId: "createKey",
    method: "POST",
    path: "/keys",
    scope: "keys:write",
    stability: "experimental",
    summary: "Issue an API key",
    document: {
      tag: "keys",
      description:
        "The answer holds the key's `secret`, which is never shown again (only its hash is kept); it works at once. A caller may only give the new key scopes it holds itself (403 `insufficient_scope` otherwise). Its `key.created` event names the caller; its `issuer` is the person behind the caller (a key passes on its own issuer). Not idempotent: a retry issues another key.",
      ...jsonBody(NewApiKey),
      responses: {
        "201": jsonAnswer("Issued; durable", ApiKeyWithSecret, "Location"),
        ...errorRefs({ ...BODY_ERRORS, ...COMMON_ERRORS }),
      },
    },
  },
  async (request, _context, caller) => {
    const input = await parseBody(request, NewApiKey, "key");
    const key = await createKey(input, caller!.scopes).catch(refuse);
    return jsonResponse(key, 201, { Location: `${KEYS_PATH}/${key.id}` });
  },
);

/** revokeKey: DELETE /v1/keys/{keyId} — 204, also when it was already revoked; the key stays listed. */
export const revokeApiKey = defineOperation(
  {
    operationId: "revokeKey",
    method: "DELETE",
    path: "/keys/{keyId}",
    scope: "keys:write",
    stability: "experimental",
    summary: "Revoke an API key",
    document: {
      tag: "keys",
      description:
        "The key is refused from then on (by every instance within a second) and stays listed with its `revokedAt`. Revoking a revoked key changes nothing and answers 204 again. A caller may only revoke a key whose every scope it holds. Its `key.revoked` event names the caller.",
      requestParams: {
        path: z.object({ keyId: pathParam("The key's public id (12 hex digits), as the listing names it") }),
      },
      responses: {
        "204": emptyAnswer("Revoked"),
        ...errorRefs({ "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (_request, context, caller) => {
    const { keyId } = await context.params;
    if (!(await revokeKeyAs(keyId, caller!.scopes).catch(refuse))) {
      throw new ApiError(404, "not_found", "No issued key has this id; list them with GET /v1/keys.");
    }
    return new Response(null, { status: 204 });
  },
);

/** The service's refusals as answers: a scope the caller lacks is a 403, a bad request a 400. */
function refuse(error: unknown): never {
  if (error instanceof ScopeEscalationError) {
    throw new ApiError(
      403,
      "insufficient_scope",
      `A key may only issue or revoke keys whose every scope it holds itself; this one lacks ${error.missing.join(", ")}.`,
      undefined,
      { "WWW-Authenticate": `Bearer realm="petstore", error="insufficient_scope", scope="${error.missing.join(" ")}"` },
    );
  }
  if (error instanceof KeyAdminError) {
    const details = [{ field: error.field ?? "", message: error.message }];
    throw new ApiError(400, "invalid_body", `Invalid key: ${error.message}.`, details);
  }
  throw error;
}
