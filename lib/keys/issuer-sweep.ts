import "server-only";
import type { EventActor } from "@/lib/events/event-types";
import type { PersonRecord } from "@/lib/people/person";
import { outlivesIssuer } from "./key-issuer";
import { isUsable, type KeyRecord, type KeyStore } from "./key-store";
import type { Scope } from "./scopes";

const SYSTEM: EventActor = Object.freeze({ type: "system" });

/**
 * The backstop of docs/decisions/203, run at every start: revokes each usable key whose
 * issuing person no longer holds its scopes (deactivated, erased, demoted, or unknown here).
 * A person's change revokes their keys itself; this catches what a crash between the change
 * and the key file's write left (the file store keeps them in two files), and people changed
 * while the server was stopped. Resolves the keys it revoked.
 */
export async function revokeKeysOfFormerHolders(
  store: KeyStore,
  personOf: (id: string) => PersonRecord | undefined | Promise<PersonRecord | undefined>,
  holds: (person: PersonRecord) => readonly Scope[],
  now = new Date(),
): Promise<KeyRecord[]> {
  const issuers = new Set<string>();
  for (const key of await store.list()) {
    if (key.issuer.type === "person" && isUsable(key, now.getTime())) issuers.add(key.issuer.id);
  }
  const revoked: KeyRecord[] = [];
  for (const id of issuers) {
    const person = await personOf(id);
    const held = person ? holds(person) : [];
    const keys = (await store.list()).filter(
      (key) => key.issuer.type === "person" && key.issuer.id === id && isUsable(key, now.getTime()),
    );
    if (keys.some((key) => outlivesIssuer(key.scopes, held))) {
      revoked.push(...(await store.revokeBeyond(id, held, now, SYSTEM)));
    }
  }
  return revoked;
}
