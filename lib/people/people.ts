import "server-only";
import { createHmac } from "node:crypto";
import * as z from "zod";
import { nowMs } from "@/lib/clock";
import { config } from "@/lib/config";
import { currentActor } from "@/lib/events/actor";
import { scopesBeyond } from "@/lib/keys/key-rules";
import { revokeKeysBeyond } from "@/lib/keys/key-service";
import { SCOPES, type Scope } from "@/lib/keys/scopes";
import { isLastAdminError } from "./account-store";
import {
  EmailTakenError,
  InvalidInvitationError,
  LastActiveAdminError,
  RoleBeyondCallerError,
  WrongCurrentPasswordError,
} from "./people-errors";
import { logSecurityEvent } from "@/lib/ops/log-security";
import { addressGroup } from "@/lib/rate-limit/address-group";
import { clientAddressOf } from "@/lib/rate-limit/client-address";
import { getAccountStore, getSigningKey } from "./accounts";
import { withHashingSlot } from "./hashing-gate";
import { hashPassword, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, verifyPassword } from "./password";
import { weakPasswordRule } from "./password-rules";
import { Email, PersonName, type PersonRecord, type SessionRecord } from "./person";
import { personChanged, personCreated } from "./people-events";
import { Role, scopesOf } from "./roles";
import { hashToken, newPersonId, newToken } from "./secrets";
import { passkeyRemoved } from "./passkeys/passkey-events";
import { getPasskeyStore } from "./passkeys/passkeys";
import { openSession, type OpenedSession } from "./sessions";
import { countFailure, refuseWhileLimited, signInClientOf } from "./sign-in-limits";

/** How long an invitation (or a password reset an admin sends) works. */
export const INVITATION_DAYS = 7;

export const NewPassword = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_PASSWORD_LENGTH, `must be at most ${MAX_PASSWORD_LENGTH} characters`)
  .superRefine((password, context) => {
    const rule = weakPasswordRule(password);
    if (rule) context.addIssue({ code: "custom", message: rule });
  });

export const NewPerson = z.strictObject({ email: Email, name: PersonName, role: Role }).meta({ id: "NewPerson" });
export type NewPerson = z.infer<typeof NewPerson>;

export const PersonPatch = z
  .strictObject({
    email: Email.optional(),
    name: PersonName.optional(),
    role: Role.optional(),
    active: z.boolean().optional(),
  })
  .meta({ id: "PersonPatch", description: "The fields to change; deactivating ends the person's sessions at once" });
export type PersonPatch = z.infer<typeof PersonPatch>;

const now = () => new Date(nowMs()).toISOString();

/** Every person, oldest first. No paging: a shelter has a handful, like its webhook endpoints. */
export async function listPeople(): Promise<PersonRecord[]> {
  return (await getAccountStore()).listPeople();
}

export async function findPerson(id: string): Promise<PersonRecord | undefined> {
  return (await getAccountStore()).getPerson(id);
}

/** What `npm run users` holds: the operator may do anything. */
export const OPERATOR_HOLDS: readonly Scope[] = SCOPES;

/** A person with an invitation; the token goes into their link and is never stored. */
export async function addPerson(
  input: NewPerson,
  held: readonly Scope[],
): Promise<{ person: PersonRecord; invitationToken: string }> {
  refuseRoleBeyond(held, input.role);
  const { record, token } = invited({ id: newPersonId(), ...input, active: true, createdAt: now(), updatedAt: now() });
  const store = await getAccountStore();
  if (!(await store.addPerson(record, [personCreated(record)]))) throw emailTaken();
  return { person: record, invitationToken: token };
}

/** A new invitation link for a person (their first, or a password reset); the old one stops working. */
export async function reinvite(
  id: string,
  held: readonly Scope[],
): Promise<{ person: PersonRecord; invitationToken: string } | undefined> {
  let token = "";
  const store = await getAccountStore();
  const target = await store.getPerson(id);
  if (!target) return undefined;
  refuseRoleBeyond(held, target.role); // a reset link to a stronger account is a way into it
  const person = await store.updatePerson(id, (current) => {
    refuseRoleBeyond(held, current.role); // as stored now: promoted meanwhile is refused too
    const next = invited({ ...current, updatedAt: now() });
    token = next.token;
    return { record: next.record, events: [] };
  });
  if (person === "email_taken") throw emailTaken();
  return person && { person, invitationToken: token };
}

/**
 * Changes a person's e-mail, name, role or state, for a caller holding `held`: every scope of
 * the person's role and of the new one (docs/decisions/204). Deactivating ends their sessions
 * in the same step; no change may leave the shelter without an active admin (the store
 * decides it atomically). Keys they issued beyond what they now hold are revoked (decision 203).
 */
export async function changePerson(
  id: string,
  patch: PersonPatch,
  held: readonly Scope[],
): Promise<PersonRecord | undefined> {
  const store = await getAccountStore();
  const target = await store.getPerson(id);
  if (!target) return undefined;
  refuseRoleBeyond(held, target.role);
  if (patch.role) refuseRoleBeyond(held, patch.role);
  const by = currentActor();
  const changed = await store
    .updatePerson(id, (current) => {
      refuseRoleBeyond(held, current.role); // as stored now: promoted meanwhile is refused too
      const at = now();
      const record: PersonRecord = { ...current, ...definedOf(patch), updatedAt: at };
      if (current.active && !record.active) record.deactivatedAt = at;
      if (!current.active && record.active) delete record.deactivatedAt;
      const events = personChanged(current, record);
      if (events.length === 0) return undefined;
      const narrows = (current.active && !record.active) || current.role !== record.role;
      const revokeKeys = narrows ? { held: holdsNow(record), by } : undefined;
      return { record, events, endSessions: current.active && !record.active, revokeKeys };
    })
    .catch((error: unknown) => {
      if (isLastAdminError(error)) throw new LastActiveAdminError();
      throw error;
    });
  if (changed === "email_taken") throw emailTaken();
  // Right after the change, and again on a retry of it: on the file store the keys are
  // another file; on PostgreSQL the change's transaction has revoked them already.
  if (changed && scopesBeyond(holdsNow(changed), SCOPES).length > 0) await revokeKeysBeyond(id, holdsNow(changed), by);
  return changed;
}

/** What a person may do now: their role's scopes while active, nothing once deactivated. */
export function holdsNow(person: PersonRecord): readonly Scope[] {
  return person.active ? scopesOf(person.role, config) : [];
}

/**
 * A caller may give a role, or change a person of a role, only when it holds every scope of
 * that role: people:write is no way to more power, as keys:write is not (docs/decisions/204).
 */
function refuseRoleBeyond(held: readonly Scope[], role: Role): void {
  const missing = scopesBeyond(held, scopesOf(role, config));
  if (missing.length === 0) return;
  throw new RoleBeyondCallerError(role, missing);
}

/**
 * Erases a person's personal data on request: their e-mail and name become placeholders,
 * their password, invitation and passkeys go, their sessions end. The account stays,
 * deactivated, so the record of who did what still has an id to name.
 */
export async function erasePerson(id: string, held: readonly Scope[]): Promise<PersonRecord | undefined> {
  await changePerson(id, { active: false }, held); // refuses to erase the last active admin; revokes their keys
  const store = await getAccountStore();
  const erased = await store.updatePerson(id, (current) => {
    const record: PersonRecord = {
      ...current,
      email: `erased-${current.id}@invalid`,
      name: "Erased person",
      active: false,
      updatedAt: now(),
    };
    delete record.passwordHash;
    delete record.invitation;
    return { record, events: personChanged(current, record), endSessions: true };
  });
  // Their passkeys go too: a passkey's name may be personal ("Anna's phone").
  const at = now();
  await (await getPasskeyStore()).removeAll(id, (removed) => removed.map((passkey) => passkeyRemoved(passkey, at)));
  return typeof erased === "object" ? erased : undefined;
}

/**
 * Sets the password of the person an invitation (or an admin's reset) names, and signs them
 * in: every session they had ends in the same durable step, since whoever set the password
 * before may not be who holds the link now.
 */
export async function acceptInvitation(token: string, password: string, request: Request): Promise<OpenedSession> {
  const store = await getAccountStore();
  const invitedPerson = await store.findPersonByInvitation(hashToken(token));
  if (!invitedPerson?.active || !invitedPerson.invitation || Date.parse(invitedPerson.invitation.expiresAt) <= nowMs())
    throw invalidInvitation();
  const client = { group: addressGroup(clientAddressOf(request)), known: false };
  const passwordHash = await withHashingSlot(client, () => hashPassword(password));
  const person = await store.updatePerson(invitedPerson.id, (current) => {
    if (current.invitation?.hash !== invitedPerson.invitation!.hash) return undefined; // used meanwhile
    const record: PersonRecord = { ...current, passwordHash, updatedAt: now() };
    delete record.invitation;
    return { record, events: personChanged(current, record), endSessions: true };
  });
  if (typeof person !== "object" || person.passwordHash !== passwordHash) throw invalidInvitation();
  return openSession(person, "invitation", request);
}

/**
 * A signed-in person's new password, given their current one. A wrong current password is a
 * failed sign-in to their account: logged, counted toward the same limits, and refused
 * while they hold (./sign-in-limits.ts). The change ends every other session of theirs in
 * the same durable step; `session`, the one asking, stays.
 */
export async function changeOwnPassword(
  person: PersonRecord,
  session: SessionRecord,
  current: string,
  next: string,
  request: Request,
): Promise<void> {
  const client = await signInClientOf(request, person.email);
  const attempt = { route: "/auth/password", personId: person.id };
  await refuseWhileLimited(person.email, client, attempt);
  const hashing = { group: client.group, known: true }; // a signed-in person, not a stranger
  const matches = await withHashingSlot(
    hashing,
    async () => person.passwordHash !== undefined && verifyPassword(current, person.passwordHash),
  );
  if (!matches) {
    logSecurityEvent({
      kind: "password_change_refused",
      clientAddress: client.address,
      ...attempt,
      reason: "wrong_password",
    });
    throw await countFailure(person.email, client, attempt, new WrongCurrentPasswordError());
  }
  const passwordHash = await withHashingSlot(hashing, () => hashPassword(next));
  const store = await getAccountStore();
  await store.updatePerson(person.id, (stored) => {
    const record = { ...stored, passwordHash, updatedAt: now() };
    return { record, events: personChanged(stored, record), endSessions: { exceptId: session.id } };
  });
}

/*
 * The first admin. On a data directory without accounts, the set-up link lets whoever holds
 * it (the operator who started the server and read its terminal) create the first admin. Its
 * token and the first admin's id derive from the signing key, so every instance agrees on
 * them without storing more, and two set-ups racing create one admin: the id is taken.
 */

export async function setupToken(): Promise<string> {
  return derived(await getSigningKey(), "first-admin-setup").toString("base64url");
}

export async function setUpFirstAdmin(
  token: string,
  input: NewPerson & { password: string },
  request: Request,
): Promise<OpenedSession> {
  const key = await getSigningKey();
  const store = await getAccountStore();
  const expected = derived(key, "first-admin-setup").toString("base64url");
  if (hashToken(token) !== hashToken(expected) || (await store.listPeople()).length > 0) throw invalidInvitation();
  const client = { group: addressGroup(clientAddressOf(request)), known: false };
  const passwordHash = await withHashingSlot(client, () => hashPassword(input.password));
  const at = now();
  const record: PersonRecord = {
    id: `per_${derived(key, "first-admin-id").toString("hex", 0, 8)}`,
    email: input.email,
    name: input.name,
    role: "admin",
    active: true,
    passwordHash,
    createdAt: at,
    updatedAt: at,
  };
  // The first admin creates their own account: they are its actor.
  const created = personCreated(record, { type: "person", id: record.id });
  if (!(await store.addPerson(record, [created]))) throw invalidInvitation();
  return openSession(record, "invitation", request);
}

function derived(key: Buffer, purpose: string): Buffer {
  return createHmac("sha256", key).update(purpose).digest();
}

function invited(record: PersonRecord): { record: PersonRecord; token: string } {
  const token = newToken();
  const expiresAt = new Date(nowMs() + INVITATION_DAYS * 86_400_000).toISOString();
  return { record: { ...record, invitation: { hash: hashToken(token), expiresAt } }, token };
}

function definedOf(patch: PersonPatch): Partial<PersonRecord> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
}

function emailTaken(): EmailTakenError {
  return new EmailTakenError();
}

export function invalidInvitation(): InvalidInvitationError {
  return new InvalidInvitationError();
}
