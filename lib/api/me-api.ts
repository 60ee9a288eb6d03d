import "server-only";
import type { Me } from "@/lib/keys/me";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import type { Caller } from "@/lib/keys/caller";

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
  { operationId: "getMe", method: "GET", path: "/me", stability: "beta", summary: "Describe the calling API key" },
  async (_request, _context, caller) => jsonResponse(meOf(caller!)),
);
