import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Event } from "@/lib/events/event-types";
import type { PasskeyRecord } from "./passkey";
import { passkeyAdded, passkeyRemoved } from "./passkey-events";
import type { PasskeyStore } from "./passkey-store";

export interface PasskeyStoreSubject {
  /** Opens the same store again (a restart, or another instance on PostgreSQL). */
  open(): Promise<PasskeyStore>;
  /** Makes the person exist, where the store wants passkeys to belong to someone. */
  addPerson(id: string): Promise<void>;
  /** Every event the store has recorded, oldest first. */
  events(): Promise<Event[]>;
  cleanup(): Promise<void>;
}

const at = (minute: number) => new Date(Date.UTC(2026, 10, 26, 12, minute)).toISOString();
const ANNA = "per_00000000000000a1";
const BEN = "per_00000000000000b2";
const ACTOR = { type: "person", id: ANNA } as const;

function passkey(id: string, personId: string, extra: Partial<PasskeyRecord> = {}): PasskeyRecord {
  return {
    id,
    personId,
    credentialId: `cred-${id}`,
    publicKey: `key-of-${id}`,
    counter: 0,
    transports: ["internal", "hybrid"],
    deviceType: "multiDevice",
    backedUp: true,
    name: `Laptop ${id}`,
    createdAt: at(1),
    ...extra,
  };
}

/** What every PasskeyStore adapter promises, written once and run against each. */
export function describePasskeyStoreContract(name: string, create: () => Promise<PasskeyStoreSubject>): void {
  describe(`PasskeyStore contract: ${name}`, () => {
    let subject: PasskeyStoreSubject;
    let store: PasskeyStore;
    beforeEach(async () => {
      subject = await create();
      await subject.addPerson(ANNA);
      await subject.addPerson(BEN);
      store = await subject.open();
    });
    afterEach(async () => {
      await store.close();
      await subject.cleanup();
    });

    async function reopened<T>(read: (store: PasskeyStore) => Promise<T>): Promise<T> {
      await store.close();
      store = await subject.open();
      return read(store);
    }

    it("keeps a person's passkeys, oldest first, and finds one by its credential id", async () => {
      const later = passkey("pk_0000000000000002", ANNA, { createdAt: at(5), lastUsedAt: at(6), counter: 7 });
      const first = passkey("pk_0000000000000001", ANNA, { transports: [], deviceType: "singleDevice" });
      expect(await store.add(later, [])).toBe(true);
      expect(await store.add(first, [passkeyAdded(first)])).toBe(true);
      await store.add(passkey("pk_0000000000000003", BEN), []);
      expect(await reopened((store) => store.list(ANNA))).toEqual([first, later]);
      expect(await store.findByCredentialId(later.credentialId)).toEqual(later);
      expect(await store.findByCredentialId("cred-unknown")).toBeUndefined();
      expect(await store.list("per_nobody")).toEqual([]);
    });

    it("refuses a second passkey with the same credential id or id, writing nothing", async () => {
      const record = passkey("pk_0000000000000001", ANNA);
      await store.add(record, [passkeyAdded(record)]);
      const sameCredential = passkey("pk_0000000000000002", BEN, { credentialId: record.credentialId });
      expect(await store.add(sameCredential, [passkeyAdded(sameCredential)])).toBe(false);
      expect(await store.add(passkey(record.id, BEN, { credentialId: "cred-other" }), [])).toBe(false);
      expect(await store.list(BEN)).toEqual([]);
      expect((await subject.events()).map((event) => event.type)).toEqual(["passkey.added"]);
    });

    it("records a use only when the counter moves forward (0 and 0: an authenticator without one)", async () => {
      await store.add(passkey("pk_0000000000000001", ANNA, { counter: 5 }), []);
      await store.add(passkey("pk_0000000000000002", ANNA, { counter: 0, backedUp: false }), []);
      expect(await store.recordUse("pk_0000000000000001", { counter: 5, backedUp: true, at: at(10) })).toBe(false);
      expect(await store.recordUse("pk_0000000000000001", { counter: 4, backedUp: true, at: at(10) })).toBe(false);
      expect(await store.recordUse("pk_0000000000000001", { counter: 6, backedUp: true, at: at(11) })).toBe(true);
      expect(await store.recordUse("pk_0000000000000002", { counter: 0, backedUp: true, at: at(12) })).toBe(true);
      expect(await store.recordUse("pk_00000000000000ff", { counter: 9, backedUp: true, at: at(12) })).toBe(false);
      const [first, second] = await reopened((store) => store.list(ANNA));
      expect(first).toMatchObject({ counter: 6, lastUsedAt: at(11) });
      expect(second).toMatchObject({ counter: 0, backedUp: true, lastUsedAt: at(12) });
    });

    it("lets one of two uses with the same counter win", async () => {
      await store.add(passkey("pk_0000000000000001", ANNA, { counter: 1 }), []);
      const use = { counter: 2, backedUp: true, at: at(10) };
      const results = await Promise.all([
        store.recordUse("pk_0000000000000001", use),
        store.recordUse("pk_0000000000000001", use),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
    });

    it("removes a passkey only for its owner, with its event", async () => {
      const record = passkey("pk_0000000000000001", ANNA);
      await store.add(record, []);
      const events = (removed: PasskeyRecord) => [passkeyRemoved(removed, at(20), ACTOR)];
      expect(await store.remove(BEN, record.id, events)).toBeUndefined();
      expect(await store.list(ANNA)).toHaveLength(1);
      expect(await store.remove(ANNA, record.id, events)).toEqual(record);
      expect(await store.remove(ANNA, record.id, events)).toBeUndefined();
      expect(await reopened((store) => store.findByCredentialId(record.credentialId))).toBeUndefined();
      const recorded = await subject.events();
      expect(recorded).toHaveLength(1);
      expect(recorded[0]).toMatchObject({ type: "passkey.removed", data: { object: { id: record.id } } });
      expect(JSON.stringify(recorded)).not.toContain(record.name);
    });

    it("removes all of a person's passkeys and no one else's", async () => {
      await store.add(passkey("pk_0000000000000001", ANNA), []);
      await store.add(passkey("pk_0000000000000002", ANNA, { createdAt: at(2) }), []);
      await store.add(passkey("pk_0000000000000003", BEN), []);
      const removed = await store.removeAll(ANNA, (all) => all.map((one) => passkeyRemoved(one, at(30), ACTOR)));
      expect(removed.map((one) => one.id)).toEqual(["pk_0000000000000001", "pk_0000000000000002"]);
      expect(await store.removeAll(ANNA, () => [])).toEqual([]);
      expect(await reopened((store) => store.list(ANNA))).toEqual([]);
      expect(await store.list(BEN)).toHaveLength(1);
      expect(await subject.events()).toHaveLength(2);
    });

    it("uses a challenge once, also when two answers race and after a restart", async () => {
      const now = at(0);
      const raced = await Promise.all([
        store.useChallenge("hash-a", at(5), now),
        store.useChallenge("hash-a", at(5), now),
      ]);
      expect(raced.filter(Boolean)).toHaveLength(1);
      expect(await store.useChallenge("hash-b", at(5), now)).toBe(true);
      expect(await reopened((store) => store.useChallenge("hash-b", at(5), at(1)))).toBe(false);
    });
  });
}
