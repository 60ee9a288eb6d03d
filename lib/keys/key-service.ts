import "server-only";
import { currentActor } from "@/lib/events/actor";
import { keySummary } from "@/lib/events/new-events";
import { issueKey, KeyAdminError, revokeKey } from "./key-admin";
import { changeIssuedKeys, listIssuedKeys } from "./issued-keys";
import { expiryAfterDays, scopesBeyond } from "./key-rules";
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

/** Every issued key, oldest first, without hashes. */
export async function listKeys(): Promise<ApiKey[]> {
  return (await listIssuedKeys()).map(keySummary);
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
  const { key, record } = await changeIssuedKeys((store) =>
    issueKey(store, { name: input.name, scopes: input.scopes, expiresAt, createdBy: currentActor() }, now),
  );
  return { ...keySummary(record), secret: key };
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
