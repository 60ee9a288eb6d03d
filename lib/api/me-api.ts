import "server-only";
import { Me } from "@/lib/keys/me";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import type { Caller } from "@/lib/keys/caller";
import { errorRefs } from "./openapi/error-responses";
import { jsonAnswer } from "./openapi/operation-parts";

/** What GET /v1/me says about a caller; the staff console's server-rendered first view says the same. */
export function meOf(caller: Caller): Me {
  const me: Me = { name: caller.name, scopes: [...caller.scopes] };
  if (caller.expiresAt) me.expiresAt = caller.expiresAt;
  if (caller.role) me.role = caller.role;
  if (caller.issuer) me.issuer = caller.issuer;
  return me;
}

/** getMe: GET /v1/me — any valid key may ask about itself; it needs no scope. */
export const getMe = defineOperation(
  {
    operationId: "getMe",
    method: "GET",
    path: "/me",
    stability: "beta",
    summary: "Describe the calling API key",
    document: {
      tag: "keys",
      description:
        "The name, scopes and expiry of the key this request was sent with. Any valid key may ask; no scope is needed.",
      responses: {
        "200": jsonAnswer("The calling key", Me),
        ...errorRefs({ "401": "Unauthorized", "429": "TooManyRequests", "500": "InternalError" }),
      },
    },
  },
  async (_request, _context, caller) => jsonResponse(meOf(caller!)),
);
