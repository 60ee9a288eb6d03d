import "server-only";
import type { Me } from "@/lib/keys/me";
import { apiRoute, jsonResponse } from "./api-route";

/** getMe: GET /v1/me — any valid key may ask about itself; it needs no scope. */
export const getMe = apiRoute({ auth: "bearer" }, async (_request, _context, caller) => {
  const me: Me = { name: caller!.name, scopes: [...caller!.scopes] };
  if (caller!.expiresAt) me.expiresAt = caller!.expiresAt;
  if (caller!.role) me.role = caller!.role;
  if (caller!.issuer) me.issuer = caller!.issuer;
  return jsonResponse(me);
});
