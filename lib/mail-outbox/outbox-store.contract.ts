import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { OutboxEntry, OutboxStore } from "./outbox-store";

export interface ContractTarget {
  open(): Promise<OutboxStore>;
  cleanup(): Promise<void>;
}

const NOW = new Date("2026-11-28T10:00:01.000Z");
const at = (ms: number) => new Date(NOW.getTime() + ms).toISOString();

let serial = 0;
function entry(overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  serial += 1;
  return {
    id: `mo_${serial}`,
    kind: "adopter_confirmation",
    about: `digest-${serial}`,
    createdAt: "2026-11-28T10:00:00.000Z",
    attempts: 0,
    nextAttemptAt: "2026-11-28T10:00:00.000Z",
    ...overrides,
  };
}

/** What every OutboxStore adapter promises (./outbox-store.ts). */
export function describeOutboxStoreContract(name: string, target: () => Promise<ContractTarget>): void {
  describe(`OutboxStore contract: ${name}`, () => {
    let setup: ContractTarget;
    let store: OutboxStore;
    const reopen = async () => {
      await store.close();
      store = await setup.open();
    };
    beforeEach(async () => {
      setup = await target();
      store = await setup.open();
    });
    afterEach(async () => {
      await store.close();
      await setup.cleanup();
    });

    it("keeps entries across a reopen and claims those due, oldest due first", async () => {
      const later = entry({ nextAttemptAt: at(-500) });
      const first = entry({ nextAttemptAt: at(-900) });
      const notYet = entry({ nextAttemptAt: at(60_000) });
      await store.add([later, first, notYet]);
      await reopen();
      expect(await store.claimDue(NOW, 10, 30_000)).toEqual([first, later]);
    });

    it("gives a claimed entry to no other claim until its lease runs out (a crashed sender's goes again)", async () => {
      await store.add([entry()]);
      expect(await store.claimDue(NOW, 10, 1_000)).toHaveLength(1);
      expect(await store.claimDue(NOW, 10, 1_000)).toEqual([]);
      expect(await store.claimDue(new Date(NOW.getTime() + 2_000), 10, 1_000)).toHaveLength(1);
    });

    it("claims a crashed process's unfinished entry again after a reopen", async () => {
      const held = entry();
      await store.add([held]);
      await store.claimDue(NOW, 10, 1_000);
      await reopen();
      const [claimed] = await store.claimDue(new Date(NOW.getTime() + 2_000), 10, 1_000);
      expect(claimed?.id).toBe(held.id);
    });

    it("holds an entry until it is released", async () => {
      const held = entry({ nextAttemptAt: at(30_000) });
      await store.add([held]);
      expect(await store.claimDue(NOW, 10, 1_000)).toEqual([]);
      await store.release([held.id], NOW.toISOString());
      await reopen();
      expect(await store.claimDue(NOW, 10, 1_000)).toEqual([{ ...held, nextAttemptAt: NOW.toISOString() }]);
    });

    it("keeps an entry added given up (a message not sent at all) for staff, and never claims it", async () => {
      const unsent = entry({ lastError: "not sent", givenUpAt: NOW.toISOString() });
      delete unsent.nextAttemptAt;
      await store.add([unsent]);
      await reopen();
      expect(await store.claimDue(new Date(NOW.getTime() + 86_400_000), 10, 1_000)).toEqual([]);
      expect(await store.listAbout([unsent.about])).toEqual([unsent]);
    });

    it("removes a sent entry for good", async () => {
      const sent = entry();
      await store.add([sent]);
      await store.claimDue(NOW, 10, 1_000);
      await store.remove([sent.id]);
      await reopen();
      expect(await store.listAbout([sent.about])).toEqual([]);
      expect(await store.claimDue(new Date(NOW.getTime() + 5_000), 10, 1_000)).toEqual([]);
    });

    it("records a failure with its next try, ending the claim, and shows it by what it is about", async () => {
      const failing = entry();
      await store.add([failing]);
      await store.claimDue(NOW, 10, 60_000);
      await store.recordFailure({
        id: failing.id,
        attempts: 1,
        lastError: "refused for now",
        nextAttemptAt: at(1_000),
      });
      await reopen();
      const shown = { ...failing, attempts: 1, lastError: "refused for now", nextAttemptAt: at(1_000) };
      expect(await store.listAbout([failing.about])).toEqual([shown]);
      expect(await store.claimDue(new Date(NOW.getTime() + 1_000), 10, 1_000)).toEqual([shown]);
    });

    it("never claims a given-up entry, keeps it for staff to see, and removes it once old", async () => {
      const failing = entry();
      await store.add([failing]);
      await store.claimDue(NOW, 10, 1_000);
      const givenUpAt = NOW.toISOString();
      await store.recordFailure({ id: failing.id, attempts: 1, lastError: "refused", givenUpAt });
      await store.release([failing.id], NOW.toISOString());
      await reopen();
      expect(await store.claimDue(new Date(NOW.getTime() + 86_400_000), 10, 1_000)).toEqual([]);
      const given = { ...failing, attempts: 1, lastError: "refused", givenUpAt };
      delete given.nextAttemptAt;
      expect(await store.listAbout([failing.about])).toEqual([given]);
      expect(await store.removeGivenUpBefore(NOW.toISOString())).toBe(0);
      expect(await store.removeGivenUpBefore(at(1))).toBe(1);
      expect(await store.listAbout([failing.about])).toEqual([]);
    });
  });
}
