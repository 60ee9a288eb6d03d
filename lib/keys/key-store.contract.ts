import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { hashKey, issuedKeyId } from "./key-format";
import { issueKey, KeyAdminError, revokeKey, rotateKey } from "./key-admin";
import { isUsable, type KeyStore } from "./key-store";

export interface KeyStoreSubject {
  /** Opens the same store again (a second process, or a restart). */
  open(): KeyStore;
  cleanup(): Promise<void>;
}

/** What every KeyStore adapter promises, written once and run against each. */
export function describeKeyStoreContract(name: string, create: () => Promise<KeyStoreSubject>): void {
  describe(`KeyStore contract: ${name}`, () => {
    let subject: KeyStoreSubject;
    let store: KeyStore;
    beforeEach(async () => {
      subject = await create();
      store = subject.open();
    });
    afterEach(async () => {
      await store.close();
      await subject.cleanup();
    });

    it("keeps an issued key's hash, name, scopes and expiry, never the key", async () => {
      const expiresAt = new Date(Date.now() + 3_600_000);
      const { key, record } = await issueKey(store, { name: "shop", scopes: ["pets:read"], expiresAt });
      expect(issuedKeyId(key)).toBe(record.id);
      const reopened = subject.open();
      try {
        const [stored] = await reopened.list();
        expect(stored).toEqual({ ...record, expiresAt: expiresAt.toISOString() });
        expect(stored?.hash).toBe(hashKey(key));
        expect(JSON.stringify(await reopened.list())).not.toContain(key.slice(16, 59));
      } finally {
        await reopened.close();
      }
    });

    it("revokes a key once; the revocation is seen by another opening", async () => {
      const { record } = await issueKey(store, { name: "a", scopes: ["pets:read"] });
      await revokeKey(store, record.id);
      await expect(revokeKey(store, record.id)).rejects.toThrow(KeyAdminError);
      const reopened = subject.open();
      try {
        const [stored] = await reopened.list();
        expect(isUsable(stored!, Date.now())).toBe(false);
      } finally {
        await reopened.close();
      }
    });

    it("keeps who issued and who revoked a key over /v1/keys; a key of `npm run keys` names no one", async () => {
      const caller = { type: "api_key", id: "a1b2c3d4e5f6" } as const;
      const { record } = await issueKey(store, { name: "a", scopes: ["pets:read"], createdBy: caller });
      const plain = await issueKey(store, { name: "b", scopes: ["pets:read"] });
      await revokeKey(store, record.id, new Date(), { type: "person", id: "p1" });
      const reopened = subject.open();
      try {
        const [issued, fromCommand] = await reopened.list();
        expect(issued).toMatchObject({ createdBy: caller, revokedBy: { type: "person", id: "p1" } });
        expect(fromCommand).toEqual(plain.record);
        expect(fromCommand).not.toHaveProperty("createdBy");
      } finally {
        await reopened.close();
      }
    });

    it("keeps each key's issuer; revokeBeyond revokes only that person's keys beyond what they hold", async () => {
      const ada = { type: "person", id: "per_ada" } as const;
      const strong = await issueKey(store, { name: "strong", scopes: ["people:write", "keys:write"], issuer: ada });
      const weak = await issueKey(store, { name: "weak", scopes: ["pets:read", "orders:place"], issuer: ada });
      const others = await issueKey(store, {
        name: "other's",
        scopes: ["people:write"],
        issuer: { type: "person", id: "per_bo" },
      });
      const operators = await issueKey(store, { name: "operator's", scopes: ["people:write"] });
      expect(operators.record.issuer).toEqual({ type: "operator" });
      const by = { type: "person", id: "per_admin" } as const;
      // Demoted to a role holding pets:read and orders:write (which gives orders:place).
      const revoked = await store.revokeBeyond("per_ada", ["pets:read", "orders:write"], new Date(), by);
      expect(revoked.map((key) => key.id)).toEqual([strong.record.id]);
      expect(await store.revokeBeyond("per_ada", ["pets:read", "orders:write"], new Date(), by)).toEqual([]);
      const reopened = subject.open();
      try {
        const byId = new Map((await reopened.list()).map((key) => [key.id, key]));
        expect(byId.get(strong.record.id)).toMatchObject({ issuer: ada, revokedBy: by, revokedAt: expect.any(String) });
        for (const kept of [weak, others, operators])
          expect(isUsable(byId.get(kept.record.id)!, Date.now())).toBe(true);
        expect(byId.get(others.record.id)?.issuer).toEqual({ type: "person", id: "per_bo" });
        expect(byId.get(operators.record.id)?.issuer).toEqual({ type: "operator" });
        // Deactivated: they hold nothing, and their last key goes too.
        expect((await reopened.revokeBeyond("per_ada", [], new Date())).map((key) => key.id)).toEqual([weak.record.id]);
      } finally {
        await reopened.close();
      }
    });

    it("refuses to revoke an unknown key and changes nothing", async () => {
      await issueKey(store, { name: "a", scopes: ["pets:read"] });
      const before = await store.list();
      await expect(revokeKey(store, "000000000000")).rejects.toThrow("no key has id 000000000000");
      expect(await store.list()).toEqual(before);
    });

    it("rotates: a new key with the same name and scopes, the old one revoked", async () => {
      const old = await issueKey(store, { name: "shop", scopes: ["pets:read", "pets:write"] });
      const fresh = await rotateKey(store, old.record.id);
      expect(fresh.key).not.toBe(old.key);
      const keys = await store.list();
      expect(keys).toHaveLength(2);
      const byId = new Map(keys.map((key) => [key.id, key]));
      expect(isUsable(byId.get(old.record.id)!, Date.now())).toBe(false);
      expect(byId.get(fresh.record.id)).toMatchObject({ name: "shop", scopes: ["pets:read", "pets:write"] });
    });

    it("refuses bad requests without storing anything", async () => {
      await expect(issueKey(store, { name: " ", scopes: ["pets:read"] })).rejects.toThrow(KeyAdminError);
      await expect(issueKey(store, { name: "x", scopes: [] })).rejects.toThrow(KeyAdminError);
      await expect(
        issueKey(store, { name: "x", scopes: ["pets:read"], expiresAt: new Date(Date.now() - 1000) }),
      ).rejects.toThrow("the expiry must be in the future");
      expect(await store.list()).toEqual([]);
    });

    it("treats an expired key as unusable", async () => {
      const now = new Date();
      const { record } = await issueKey(store, {
        name: "t",
        scopes: ["pets:read"],
        expiresAt: new Date(now.getTime() + 1000),
      });
      expect(isUsable(record, now.getTime())).toBe(true);
      expect(isUsable(record, now.getTime() + 1000)).toBe(false);
    });
  });
}
