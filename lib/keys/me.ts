import * as z from "zod";
import { Role } from "@/lib/people/roles";
import { KeyIssuer } from "./key-issuer";
import { Scope } from "./scopes";

/** What GET /v1/me tells a caller about its own key (or, for the console, its person); the staff console shows it. */
export const Me = z
  .object({
    name: z.string().meta({
      description:
        "The key's name, as given when it was issued; for a PETSTORE_API_KEYS key, `PETSTORE_API_KEYS key env-` and the first 12 hex digits of the key's SHA-256",
    }),
    scopes: z.array(Scope).meta({ description: "What the key may do" }),
    role: Role.optional().meta({
      description: "For a person signed in to the staff console: their role, which gives the scopes (absent for keys)",
    }),
    expiresAt: z.iso
      .datetime()
      .optional()
      .meta({ description: "When the key stops working (RFC 3339, UTC); absent: it does not expire" }),
    issuer: KeyIssuer.optional().meta({
      description:
        "For a key: who issued it; the key is revoked when that person loses its scopes (absent for a person)",
    }),
  })
  .meta({ id: "Me" });
export type Me = z.infer<typeof Me>;
