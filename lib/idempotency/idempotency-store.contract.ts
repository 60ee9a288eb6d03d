import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { IdempotencyRecord, StoredResponse } from "./idempotency-store";
import type { ContractSubject } from "@/tests/support/store/contract-subject";

const HOUR = 3_600_000;
const claimOptions = (now: number) => ({ now, ttlMs: 24 * HOUR, abandonAfterMs: 30_000 });
const answer = (value: { id: number }): StoredResponse => ({
  status: 201,
  body: JSON.stringify(value),
  location: `/things/${value.id}`,
});

/**
 * What every adapter promises for idempotency records (the IdempotencyStore port and the
 * `record` arguments of PetStore's writes): a claim answers a retry while its request runs,
 * and a write given a record makes its answer durable with it, so it survives a restart.
 */
export function describeIdempotencyStoreContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`IdempotencyStore contract: ${name}`, () => {
    let subject: ContractSubject;
    const store = () => subject.store;
    const now = Date.now();
    const recordFor = <Value extends { id: number }>(key: string, at = now): IdempotencyRecord<Value> => ({
      key,
      fingerprint: "fp",
      claimedAt: at,
      expiresAt: at + 24 * HOUR,
      answer,
    });

    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    it("claims a new key, then reports it running, or a different request with it", async () => {
      expect(await store().claim("k:1", "fp", claimOptions(now))).toEqual({ kind: "claimed" });
      expect(await store().claim("k:1", "fp", claimOptions(now + 10))).toEqual({ kind: "running" });
      expect(await store().claim("k:1", "other", claimOptions(now + 10))).toEqual({ kind: "mismatch" });
      expect(await store().claim("k:2", "fp", claimOptions(now + 10))).toEqual({ kind: "claimed" });
    });

    it("commits a pet's answer with the pet: a later claim, after a restart too, replays it", async () => {
      await store().claim("k:1", "fp", claimOptions(now));
      const pet = await store().create({ name: "Rex", categoryId: 1 }, recordFor("k:1"));
      await subject.settle();
      expect(await store().get(pet.id)).toEqual(pet);
      expect(await store().claim("k:1", "fp", claimOptions(now + 10))).toEqual({ kind: "done", response: answer(pet) });
      expect(await store().claim("k:1", "other", claimOptions(now + 10))).toEqual({ kind: "mismatch" });
    });

    it("commits the answers of orders and categories with them", async () => {
      const pet = await store().create({ name: "Rex", categoryId: 1 });
      await store().claim("k:order", "fp", claimOptions(now));
      const order = await store().placeOrder({ petId: pet.id, adopter: "Ada" }, recordFor("k:order"));
      await store().claim("k:category", "fp", claimOptions(now));
      const category = await store().createCategory({ name: "Dogs" }, recordFor("k:category"));
      await subject.settle();
      expect(await store().claim("k:order", "fp", claimOptions(now + 10))).toEqual({
        kind: "done",
        response: answer(order),
      });
      expect(await store().claim("k:category", "fp", claimOptions(now + 10))).toEqual({
        kind: "done",
        response: answer(category),
      });
    });

    it("records nothing for a refused write; the released key is claimed afresh", async () => {
      const sold = await store().create({ name: "Rex", categoryId: 1, status: "sold" });
      await store().claim("k:1", "fp", claimOptions(now));
      await expect(store().placeOrder({ petId: sold.id, adopter: "Ada" }, recordFor("k:1"))).rejects.toMatchObject({
        petStatus: "sold",
      });
      await store().release("k:1", now);
      await subject.settle();
      expect(await store().claim("k:1", "fp2", claimOptions(now + 10))).toEqual({ kind: "claimed" });
    });

    it("keeps every answer of concurrent writes, each with its own pet", async () => {
      const keys = Array.from({ length: 24 }, (_, i) => `k:${i}`);
      for (const key of keys) await store().claim(key, "fp", claimOptions(now));
      const pets = await Promise.all(
        keys.map((key, i) => store().create({ name: `Pet ${i}`, categoryId: 1 }, recordFor(key))),
      );
      expect(new Set(pets.map((pet) => pet.id)).size).toBe(keys.length);
      await subject.settle();
      for (const [i, key] of keys.entries()) {
        const pet = pets[i] as { id: number };
        expect(await store().claim(key, "fp", claimOptions(now + 10))).toEqual({ kind: "done", response: answer(pet) });
      }
    });

    it("lets an expired answer's key be claimed afresh", async () => {
      await store().claim("k:1", "fp", claimOptions(now));
      await store().create({ name: "Rex", categoryId: 1 }, recordFor("k:1"));
      await subject.settle();
      expect(await store().claim("k:1", "other", claimOptions(now + 25 * HOUR))).toEqual({ kind: "claimed" });
    });
  });
}
