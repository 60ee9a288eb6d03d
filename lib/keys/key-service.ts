import "server-only";
import { currentActor } from "@/lib/events/actor";
import type { EventActor } from "@/lib/events/event-types";
import { keySummary } from "@/lib/events/new-events";
import { issueKey, KeyAdminError, revokeKey } from "./key-admin";
import { config } from "@/lib/config";
import { getAccountStore } from "@/lib/people/accounts";
import { scopesOf } from "@/lib/people/roles";
import { issuerFor, outlivesIssuer } from "./key-issuer";
import { changeIssuedKeys, listIssuedKeys } from "./issued-keys";
import { expiryAfterDays, scopesBeyond } from "./key-rules";
import type { KeyRecord } from "./key-store";
import type { ApiKey, ApiKeyWithSecret, NewApiKey } from "./schemas";
import type { Scope } from "./scopes";

/** What /v1/keys and the console do with issued keys: the rules stay in ./key-admin.ts. */

/** A caller asked for a key with scopes it lacks, or to revoke one: nothing changed. */
export class ScopeEscalationError extends Error {
  constructor(readonly missing: Scope[]) {
    super(`missing ${missing.join(", ")}`);
    this.name = "ScopeEscalationError";
  }
}

function refuseEscalation(held: readonly Scope[], wanted: readonly Scope[]): void {
  const missing = scopesBeyond(held, wanted);
  if (missing.length > 0) throw new ScopeEscalationError(missing);
}

/** A key as /v1/keys shows it: its summary and its issuer, never its hash. */
export function apiKeyOf(record: KeyRecord): ApiKey {
  return { ...keySummary(record), issuer: record.issuer };
}

/** Every issued key, oldest first, without hashes. */
export async function listKeys(): Promise<ApiKey[]> {
  return (await listIssuedKeys()).map(apiKeyOf);
}

/** Issues a key for a caller holding `held`, named as its creator (currentActor()); KeyAdminError on bad input. */
export async function createKey(input: NewApiKey, held: readonly Scope[], now = new Date()): Promise<ApiKeyWithSecret> {
  refuseEscalation(held, input.scopes);
  const expiresAt =
    input.expiresInDays !== undefined
      ? expiryAfterDays(input.expiresInDays, now)
      : input.expiresAt !== undefined
        ? new Date(input.expiresAt)
        : undefined;
  const createdBy = currentActor();
  const { key, record } = await changeIssuedKeys(async (store) => {
    const issuer = issuerFor(createdBy, await store.list()); // a key's key is its issuer's
    return issueKey(store, { name: input.name, scopes: input.scopes, expiresAt, createdBy, issuer }, now);
  });
  await refuseIfIssuerLostScopes(record);
  return { ...apiKeyOf(record), secret: key };
}

/**
 * Revokes the key with this id for a caller holding `held` (every scope of the key), named
 * as its revoker. False when no key has this id; a key already revoked stays as it was.
 */
export async function revokeKeyAs(id: string, held: readonly Scope[], now = new Date()): Promise<boolean> {
  const existing = (await listIssuedKeys()).find((record) => record.id === id);
  if (!existing) return false;
  refuseEscalation(held, existing.scopes);
  if (existing.revokedAt) return true;
  await changeIssuedKeys((store) => revokeKey(store, id, now, currentActor())).catch((error: unknown) => {
    // Revoked by someone else meanwhile: the key is revoked, as asked.
    if (!(error instanceof KeyAdminError)) throw error;
  });
  return true;
}

/**
 * A key issued while its person was being deactivated or demoted: the person's change may
 * have looked for their keys before this one was stored. Read after the key is stored, the
 * person is as that change left them (or the change's own after-step, run once it commits,
 * finds this key), so one of the two revokes it (docs/decisions/203).
 */
async function refuseIfIssuerLostScopes(record: KeyRecord): Promise<void> {
  if (record.issuer.type !== "person") return;
  const person = await (await getAccountStore()).getPerson(record.issuer.id);
  const held = person?.active ? scopesOf(person.role, config) : [];
  if (!outlivesIssuer(record.scopes, held)) return;
  await revokeKeysBeyond(record.issuer.id, held);
  throw new ScopeEscalationError(scopesBeyond(held, record.scopes));
}

/**
 * Revokes the keys person `personId` issued that `held` (what they hold now) does not
 * grant, naming `by` as the revoker. Idempotent: run right after every change to a person
 * (on PostgreSQL the change's own transaction has already done it) and at every start
 * (./issuer-sweep.ts), so a crash between the person's change and this one is caught up.
 */
export async function revokeKeysBeyond(
  personId: string,
  held: readonly Scope[],
  by: EventActor = currentActor(),
  now = new Date(),
): Promise<KeyRecord[]> {
  return changeIssuedKeys((store) => store.revokeBeyond(personId, held, now, by));
}
