import "server-only";
import * as z from "zod";
import { Scope } from "@/lib/keys/scopes";
import { apiRoute, jsonResponse } from "./api-route";

/** What GET /v1/me tells a caller about its own key. */
export const Me = z
  .object({
    name: z.string().meta({ description: "The key's name, as given when it was issued" }),
    scopes: z.array(Scope).meta({ description: "What the key may do" }),
    expiresAt: z.iso
      .datetime()
      .optional()
      .meta({ description: "When the key stops working (RFC 3339, UTC); absent: it does not expire" }),
  })
  .meta({ id: "Me" });
export type Me = z.infer<typeof Me>;

/** getMe: GET /v1/me — any valid key may ask about itself; it needs no scope. */
export const getMe = apiRoute({ auth: "bearer" }, async (_request, _context, caller) => {
  const me: Me = { name: caller!.name, scopes: [...caller!.scopes] };
  if (caller!.expiresAt) me.expiresAt = caller!.expiresAt;
  return jsonResponse(me);
});
