import "server-only";
import * as z from "zod";
import { KeyAdminError } from "@/lib/keys/key-admin";
import { createKey, listKeys, revokeKeyAs, ScopeEscalationError } from "@/lib/keys/key-service";
import { NewApiKey } from "@/lib/keys/schemas";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { ApiError } from "./api-error";
import { parseBody } from "./parse-body";
import { parseSearchParams } from "./parse-search-params";

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
