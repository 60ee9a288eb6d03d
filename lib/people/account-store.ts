import type { Event, EventActor } from "@/lib/events/event-types";
import type { Scope } from "@/lib/keys/scopes";
import type { MaybePromise } from "@/lib/maybe-promise";
import type { PersonRecord, SessionRecord } from "./person";

/**
 * What a change to a person decides, given the person as stored now: the new record and the
 * events it records, or undefined to change nothing. `endSessions` ends open sessions of the
 * person in the same durable step, each with its `session.signed_out`: every one (a
 * deactivation, a password set through a reset link) or all but one (a password change,
 * which keeps the session that asked).
 * `revokeKeys` names what the person holds after the change: the keys they issued beyond it
 * are revoked by `by`, in the same step where the keys share the store (PostgreSQL); on the
 * file store they are another file, and lib/keys revokes them right after (docs/decisions/203).
 */
export type PersonChange = (current: PersonRecord) =>
  | {
      record: PersonRecord;
      events: Event[];
      endSessions?: boolean | { exceptId: string };
      revokeKeys?: { held: readonly Scope[]; by: EventActor };
    }
  | undefined;

/**
 * The change would leave no active admin: nothing was written. Every adapter decides it in
 * the same atomic step as the change, so two demotions at once cannot both pass (docs/decisions/204).
 */
export class LastAdminError extends Error {
  constructor() {
    super("the only active admin cannot stop being one");
    this.name = "LastAdminError";
  }
}

/**
 * True for a LastAdminError from any copy of this module: Next bundles server modules more
 * than once (docs/decisions/005), and the store may come from another bundle than its caller.
 */
export function isLastAdminError(error: unknown): boolean {
  return error instanceof Error && error.name === "LastAdminError";
}

/** True when `record` counts toward the active admins the shelter must keep one of. */
export function isActiveAdmin(record: PersonRecord): boolean {
  return record.role === "admin" && record.active;
}

/** Which open sessions to end: one of a person's, or all of them but one (sign out everywhere else). */
export type SessionsToEnd = { personId: string; id: string } | { personId: string; exceptId?: string };

/**
 * The port staff accounts and their sessions live behind. Adapters: a JSON-lines file in the
 * data directory (./file-account-store.ts) and the people and sessions tables
 * (./postgres-account-store.ts); both pass ./account-store.contract.ts. Every write records
 * its events in the same durable step as the change.
 */
export interface AccountStore {
  /** Every person, oldest first. */
  listPeople(): Promise<PersonRecord[]>;
  /** Answers without a promise while the store's copy is fresh: it is on every console request's path. */
  getPerson(id: string): MaybePromise<PersonRecord | undefined>;
  findPersonByEmail(email: string): Promise<PersonRecord | undefined>;
  findPersonByInvitation(hash: string): Promise<PersonRecord | undefined>;
  /** Adds a person; false, writing nothing, when another person has the e-mail or the id. */
  addPerson(record: PersonRecord, events: Event[]): Promise<boolean>;
  /**
   * Applies `change` to the person as stored, atomically with respect to other changes of
   * them. Resolves the person after it ("email_taken" when the new e-mail is another's,
   * undefined when there is no such person). Throws LastAdminError, writing nothing, when
   * the change would take the last active admin's role or activity away.
   */
  updatePerson(id: string, change: PersonChange): Promise<PersonRecord | "email_taken" | undefined>;

  addSession(record: SessionRecord, events: Event[]): Promise<void>;
  /** Answers without a promise while the store's copy is fresh, like getPerson. */
  getSession(id: string): MaybePromise<SessionRecord | undefined>;
  findSessionByTokenHash(hash: string): Promise<SessionRecord | undefined>;
  /** A person's sessions, ended ones included, newest first. */
  listSessions(personId: string): Promise<SessionRecord[]>;
  /** Moves an open session's last use forward (never back). */
  touchSession(id: string, lastSeenAt: string): Promise<void>;
  /** Ends open sessions at `at`, each with its `session.signed_out` event; resolves those it ended. */
  endSessions(which: SessionsToEnd, at: string): Promise<SessionRecord[]>;

  /** Events with no change of their own to ride with (a refused sign-in). */
  recordEvents(events: Event[]): Promise<void>;
  /**
   * The key that signs console bearer tokens and the set-up link (./bearer-token.ts,
   * ./first-admin.ts): made once, shared by every instance; `created` is true only for the
   * call that made it.
   */
  signingKey(): Promise<{ key: Buffer; created: boolean }>;
  close(): Promise<void>;
}
