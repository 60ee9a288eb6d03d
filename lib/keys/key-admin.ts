import type { EventActor } from "@/lib/events/event-types";
import { generateKey, hashKey } from "./key-format";
import { OPERATOR_ISSUER, type KeyIssuer } from "./key-issuer";
import type { KeyRecord, KeyStore } from "./key-store";
import { KEY_NAME_MAX_LENGTH, KeyName, KeyScopes } from "./key-rules";
import type { Scope } from "./scopes";

export interface NewKey {
  name: string;
  scopes: Scope[];
  expiresAt?: Date;
  /** Who issues it when not `npm run keys` (the operator): a /v1/keys caller. */
  createdBy?: EventActor;
  /** The person behind it (./key-issuer.ts); absent: the operator. */
  issuer?: KeyIssuer;
}

/** A request the key commands refuse; nothing was changed. `field` names the input at fault. */
export class KeyAdminError extends Error {
  constructor(
    message: string,
    readonly field?: "name" | "scopes" | "expiresAt",
  ) {
    super(message);
    this.name = "KeyAdminError";
  }
}

/** Issues a key: the store keeps its hash, the caller gets the key (the one time it exists). */
export async function issueKey(store: KeyStore, request: NewKey, now = new Date()) {
  const name = KeyName.safeParse(request.name);
  if (!name.success) throw new KeyAdminError(`name must be 1 to ${KEY_NAME_MAX_LENGTH} characters`, "name");
  const scopes = KeyScopes.safeParse([...new Set(request.scopes)]);
  if (!scopes.success) throw new KeyAdminError("a key needs at least one scope", "scopes");
  if (request.expiresAt && request.expiresAt.getTime() <= now.getTime()) {
    throw new KeyAdminError("the expiry must be in the future", "expiresAt");
  }
  const { key, id } = generateKey();
  const record: KeyRecord = {
    id,
    name: name.data,
    scopes: scopes.data,
    hash: hashKey(key),
    createdAt: now.toISOString(),
    ...(request.expiresAt ? { expiresAt: request.expiresAt.toISOString() } : {}),
    ...(request.createdBy ? { createdBy: request.createdBy } : {}),
    issuer: request.issuer ?? OPERATOR_ISSUER,
  };
  await store.add(record);
  return { key, record };
}

/** Revokes a key; `by` is its /v1/keys caller (absent: `npm run keys`, the operator). */
export async function revokeKey(store: KeyStore, id: string, now = new Date(), by?: EventActor): Promise<void> {
  const existing = (await store.list()).find((record) => record.id === id);
  if (!existing) throw new KeyAdminError(`no key has id ${id}`);
  if (existing.revokedAt) throw new KeyAdminError(`key ${id} was already revoked at ${existing.revokedAt}`);
  if (!(await store.revoke(id, now, by))) throw new KeyAdminError(`key ${id} was revoked meanwhile`);
}

/** A new key with the old one's name, scopes and expiry; the old one is then revoked. */
export async function rotateKey(store: KeyStore, id: string, now = new Date()) {
  const existing = (await store.list()).find((record) => record.id === id);
  if (!existing) throw new KeyAdminError(`no key has id ${id}`);
  if (existing.revokedAt) throw new KeyAdminError(`key ${id} is revoked; create a new key instead`);
  const expiresAt = existing.expiresAt ? new Date(existing.expiresAt) : undefined;
  // Rotation by the operator keeps the key's issuer: the key stays bound to the person behind it.
  const request = { name: existing.name, scopes: existing.scopes, expiresAt, issuer: existing.issuer };
  const issued = await issueKey(store, request, now);
  await store.revoke(id, now);
  return issued;
}
