import * as z from "zod";
import type { PersonSummary, SessionSummary } from "./people-event-objects";
import { Role } from "./roles";

/** A staff account as stored: the only place its e-mail, name and password hash live. */
export interface PersonRecord {
  /** Public and not personal: events, the audit record and logs name the person by it. */
  id: string;
  /** Lower-cased and trimmed (normalizeEmail); unique. */
  email: string;
  name: string;
  role: Role;
  active: boolean;
  /** scrypt (./password.ts); absent until the person sets one through their invitation. */
  passwordHash?: string;
  /** A pending set-up or invitation link: the SHA-256 of its token, and when it stops working. */
  invitation?: { hash: string; expiresAt: string };
  createdAt: string;
  updatedAt: string;
  deactivatedAt?: string;
}

/** How a session was opened. */
export type SignInMethod = SessionSummary["method"];

/** A signed-in browser: never its token, only the token's SHA-256. */
export interface SessionRecord {
  /** Public: the person's session list and events name the session by it. */
  id: string;
  personId: string;
  tokenHash: string;
  method: SignInMethod;
  createdAt: string;
  /** Last use, kept to the minute or so (./sessions.ts): the idle expiry counts from it. */
  lastSeenAt: string;
  /** The absolute expiry: no use extends the session past it. */
  expiresAt: string;
  /** The browser, as its User-Agent named it (cut short), so a person can tell their sessions apart. */
  userAgent: string;
  endedAt?: string;
}

/** E-mails compare without case or surrounding space. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Trimmed and lower-cased as it is read (overwrites, not transforms: the OpenAPI document can show them). */
export const Email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: "must be an e-mail address" }));

export const PersonName = z.string().trim().min(1, "must not be empty").max(100);

/** A person as /v1/people and the console show them: never the password hash or invitation. */
export const Person = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: Role,
    active: z.boolean(),
    hasPassword: z.boolean().meta({ description: "False until the person has accepted their invitation" }),
    invitationExpiresAt: z.iso
      .datetime()
      .optional()
      .meta({ description: "When the pending invitation link stops working; absent: none pending" }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deactivatedAt: z.iso.datetime().optional(),
  })
  .meta({ id: "Person", description: "A staff account" });
export type Person = z.infer<typeof Person>;

export function personOf(record: PersonRecord): Person {
  const person: Person = {
    id: record.id,
    email: record.email,
    name: record.name,
    role: record.role,
    active: record.active,
    hasPassword: record.passwordHash !== undefined,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
  if (record.invitation) person.invitationExpiresAt = record.invitation.expiresAt;
  if (record.deactivatedAt) person.deactivatedAt = record.deactivatedAt;
  return person;
}

/** The person as events carry it: nothing personal. */
export function personSummary(record: PersonRecord): PersonSummary {
  const summary: PersonSummary = {
    id: record.id,
    role: record.role,
    active: record.active,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
  if (record.deactivatedAt) summary.deactivatedAt = record.deactivatedAt;
  return summary;
}

export function sessionSummary(record: SessionRecord): SessionSummary {
  const summary: SessionSummary = {
    id: record.id,
    personId: record.personId,
    method: record.method,
    createdAt: record.createdAt,
  };
  if (record.endedAt) summary.endedAt = record.endedAt;
  return summary;
}
