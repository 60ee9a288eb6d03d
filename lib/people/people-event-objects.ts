import * as z from "zod";
import { Role } from "./role";

/*
 * The staff accounts, their sessions and passkeys as their events show them
 * (./people-resource.ts): never an e-mail, a name, a token or a key. None is registered with a
 * `.meta({ id })` (lib/events/event-types.ts says why).
 */

/**
 * A staff account as events show it: its id, role and state, never its e-mail or name (staff
 * e-mails are personal data: events reach webhooks and the feed).
 */
export const PersonSummary = z
  .object({
    id: z.string().meta({ description: "The account's public id" }),
    role: Role,
    active: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deactivatedAt: z.iso.datetime().optional(),
  })
  .meta({ description: "A staff account, without its e-mail, name or credentials" });
export type PersonSummary = z.infer<typeof PersonSummary>;

const SignInMethod = z
  .enum(["password", "passkey", "invitation"])
  .meta({ description: "How the person proved who they are" });

/** A signed-in session as events show it: never its token. */
export const SessionSummary = z
  .object({
    id: z.string().meta({ description: "The session's public id" }),
    personId: z.string(),
    method: SignInMethod,
    createdAt: z.iso.datetime(),
    endedAt: z.iso.datetime().optional(),
  })
  .meta({ description: "A staff sign-in session, without its token" });
export type SessionSummary = z.infer<typeof SessionSummary>;

/** A refused sign-in: the account when the e-mail named one, never the e-mail or the password tried. */
export const FailedSignIn = z
  .object({
    personId: z.string().optional().meta({ description: "Absent when the e-mail named no account" }),
    method: SignInMethod,
    reason: z.enum(["wrong_password", "unknown_account", "deactivated", "no_password", "limited", "bad_passkey"]),
  })
  .meta({ description: "A sign-in that was refused" });
export type FailedSignIn = z.infer<typeof FailedSignIn>;

/** A passkey as events show it: never its name (a person may name it after themselves) or its key. */
export const PasskeySummary = z
  .object({
    id: z.string().meta({ description: "The passkey's public id" }),
    personId: z.string(),
    deviceType: z
      .enum(["singleDevice", "multiDevice"])
      .meta({ description: "multiDevice: synced between devices (a password manager's passkey)" }),
    backedUp: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ description: "A staff account's passkey, without its name or key" });
export type PasskeySummary = z.infer<typeof PasskeySummary>;

/** The fields of a staff account an update may change, named without their values (personal data). */
export const PersonField = z
  .enum(["email", "name", "password"])
  .meta({ description: "A field of the account that changed; its value is never in an event" });
export type PersonField = z.infer<typeof PersonField>;
