import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PetStore } from "@/lib/store/pet-store";
import { PetNotFoundError } from "@/lib/store/order-store";
import type { StayStore } from "./stay-store";
import type { NewIntake, NewOutcome } from "./stay-schemas";
import { staySummary } from "./stay-schemas";
import { NoOpenStayError, OutcomeBeforeIntakeError, SecondOpenStayError } from "./record-errors";

/** A stay store on some engine, with the pet store it shares its durable writes and event log with. */
export interface StaySubject {
  stays: StayStore;
  pets: PetStore;
  /** Closes both and opens them again on the same data (the file engine: recovery from its journal). */
  reopen(): Promise<void>;
  cleanup(): Promise<void>;
}

const UTC = { timeZone: "UTC" };
const brought = { name: "Dana Example", phone: "+1 555 0100", email: "dana@example.com" };
const intake = (at: string): NewIntake => ({
  at,
  type: "stray",
  condition: "healthy",
  sourceKind: "person",
  personal: { source: brought, notes: "Found near the river by Dana" },
});
const adoption = (at: string): NewOutcome => ({
  at,
  type: "adoption",
  personal: { destination: { name: "Sam Adopter" }, notes: "Sam's second dog" },
});
const STAY_EVENTS = ["stay.opened", "stay.closed"] as const;

/** The stay store's behaviour, the same on every engine (docs/decisions/251). */
export function describeStayStoreContract(name: string, open: () => Promise<StaySubject>): void {
  describe(`${name}: stays`, () => {
    let subject: StaySubject;
    let petId: number;
    beforeEach(async () => {
      subject = await open();
      petId = (await subject.pets.create({ name: "Rex", categoryId: 1 })).id;
    });
    afterEach(() => subject.cleanup());
    const stays = () => subject.stays;
    const stayEvents = () => subject.pets.readEvents({ afterSequence: 0, limit: 100, types: STAY_EVENTS });

    it("opens a stay with an intake, closes it with an outcome, lists and gets it", async () => {
      const opened = await stays().recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      expect(opened).toEqual({ id: opened.id, petId, intake: intake("2026-11-01T09:00:00Z"), placements: [] });
      expect(await stays().getStay(opened.id)).toEqual(opened);
      const closed = await stays().recordOutcome(petId, adoption("2026-11-20T15:30:00Z"), UTC);
      expect(closed).toEqual({ ...opened, outcome: adoption("2026-11-20T15:30:00Z") });
      const again = await stays().recordIntake(petId, { ...intake("2026-12-02T10:00:00Z"), type: "other" });
      expect(again.id).toBeGreaterThan(opened.id);
      expect(await stays().listStays(petId)).toEqual([closed, again]);
      expect(await stays().getStay(again.id + 1000)).toBeUndefined();
      expect(await stays().listStays(petId + 1000)).toEqual([]);
    });

    it("refuses a second open stay and writes nothing, its event neither", async () => {
      const opened = await stays().recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      const refusal = stays().recordIntake(petId, intake("2026-11-03T09:00:00Z"));
      await expect(refusal).rejects.toThrow(SecondOpenStayError);
      await expect(refusal).rejects.toMatchObject({ openStayId: opened.id });
      expect(await stays().listStays(petId)).toEqual([opened]);
      expect((await stayEvents()).map(({ event }) => event.type)).toEqual(["stay.opened"]);
    });

    it("decides two intakes sent at once against each other: one opens, one is refused", async () => {
      const [first, second] = await Promise.allSettled([
        stays().recordIntake(petId, intake("2026-11-01T09:00:00Z")),
        stays().recordIntake(petId, intake("2026-11-01T09:05:00Z")),
      ]);
      const outcomes = [first, second];
      expect(outcomes.filter(({ status }) => status === "fulfilled")).toHaveLength(1);
      // Refused by the rules, decided under the store's lock (not by the database's index afterwards).
      const refused = outcomes.find((outcome) => outcome.status === "rejected");
      expect(refused?.reason).toBeInstanceOf(SecondOpenStayError);
      expect(await stays().listStays(petId)).toHaveLength(1);
      expect(await stayEvents()).toHaveLength(1);
    });

    it("refuses an outcome before its intake, and one without an open stay", async () => {
      const opened = await stays().recordIntake(petId, intake("2026-11-10T09:00:00Z"));
      await expect(stays().recordOutcome(petId, adoption("2026-11-10T08:59:59Z"), UTC)).rejects.toThrow(
        OutcomeBeforeIntakeError,
      );
      expect(await stays().getStay(opened.id)).toEqual(opened);
      await stays().recordOutcome(petId, adoption("2026-11-10T09:00:00Z"), UTC);
      await expect(stays().recordOutcome(petId, adoption("2026-11-11T09:00:00Z"), UTC)).rejects.toThrow(
        NoOpenStayError,
      );
      expect((await stayEvents()).map(({ event }) => event.type)).toEqual(["stay.opened", "stay.closed"]);
    });

    it("refuses a stay for a pet that does not exist", async () => {
      await expect(stays().recordIntake(petId + 1000, intake("2026-11-01T09:00:00Z"))).rejects.toThrow(
        PetNotFoundError,
      );
      expect(await stayEvents()).toEqual([]);
    });

    it("records each change's event with it: ids, types and times, no personal data", async () => {
      const opened = await stays().recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      const closed = await stays().recordOutcome(petId, adoption("2026-11-20T15:30:00Z"), UTC);
      const events = (await stayEvents()).map(({ event }) => event);
      expect(events.map(({ type, data }) => ({ type, data }))).toEqual([
        { type: "stay.opened", data: { object: staySummary(opened) } },
        { type: "stay.closed", data: { object: staySummary(closed) } },
      ]);
      const written = JSON.stringify(events);
      // Whole values: a random event id or a time may hold a short run of digits.
      for (const personal of ["Dana", brought.phone, brought.email, "river", "Sam", "personal"]) {
        expect(written).not.toContain(personal);
      }
    });

    it("gives the same stays and events after reopening", async () => {
      const closed = await stays().recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      const done = await stays().recordOutcome(petId, adoption("2026-11-02T09:00:00Z"), UTC);
      const open = await stays().recordIntake(petId, intake("2026-11-05T09:00:00Z"));
      const events = await stayEvents();
      await subject.reopen();
      expect(await stays().listStays(petId)).toEqual([done, open]);
      expect(await stays().getStay(closed.id)).toEqual(done);
      expect(await stayEvents()).toEqual(events);
      // Ids go on after the highest one read back, and the rules still see the open stay.
      await expect(stays().recordIntake(petId, intake("2026-11-06T09:00:00Z"))).rejects.toThrow(SecondOpenStayError);
      const next = await stays().recordIntake(
        (await subject.pets.create({ name: "Ivy", categoryId: 1 })).id,
        intake("2026-11-06T09:00:00Z"),
      );
      expect(next.id).toBeGreaterThan(open.id);
    });
  });
}
