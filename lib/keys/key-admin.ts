import { generateKey, hashKey } from "./key-format";
import type { KeyRecord, KeyStore } from "./key-store";
import type { Scope } from "./scopes";

export interface NewKey {
  name: string;
  scopes: Scope[];
  expiresAt?: Date;
}

/** A request the key commands refuse; nothing was changed. */
export class KeyAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeyAdminError";
  }
}

/** Issues a key: the store keeps its hash, the caller gets the key (the one time it exists). */
export async function issueKey(store: KeyStore, request: NewKey, now = new Date()) {
  const name = request.name.trim();
  if (name.length < 1 || name.length > 100) throw new KeyAdminError("name must be 1 to 100 characters");
  if (request.scopes.length === 0) throw new KeyAdminError("a key needs at least one scope");
  if (request.expiresAt && request.expiresAt.getTime() <= now.getTime()) {
    throw new KeyAdminError("the expiry must be in the future");
  }
  const { key, id } = generateKey();
  const record: KeyRecord = {
    id,
    name,
    scopes: request.scopes,
    hash: hashKey(key),
    createdAt: now.toISOString(),
    ...(request.expiresAt ? { expiresAt: request.expiresAt.toISOString() } : {}),
  };
  await store.add(record);
  return { key, record };
}

export async function revokeKey(store: KeyStore, id: string, now = new Date()): Promise<void> {
  const existing = (await store.list()).find((record) => record.id === id);
  if (!existing) throw new KeyAdminError(`no key has id ${id}`);
  if (existing.revokedAt) throw new KeyAdminError(`key ${id} was already revoked at ${existing.revokedAt}`);
  if (!(await store.revoke(id, now))) throw new KeyAdminError(`key ${id} was revoked meanwhile`);
}

/** A new key with the old one's name, scopes and expiry; the old one is then revoked. */
export async function rotateKey(store: KeyStore, id: string, now = new Date()) {
  const existing = (await store.list()).find((record) => record.id === id);
  if (!existing) throw new KeyAdminError(`no key has id ${id}`);
  if (existing.revokedAt) throw new KeyAdminError(`key ${id} is revoked; create a new key instead`);
  const expiresAt = existing.expiresAt ? new Date(existing.expiresAt) : undefined;
  const issued = await issueKey(store, { name: existing.name, scopes: existing.scopes, expiresAt }, now);
  await store.revoke(id, now);
  return issued;
}
