import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PetStore } from "@/lib/composition/pet-store";
import { PetNotFoundError } from "@/lib/pets/pet-errors";
import type { StayStore } from "./stay-store";
import type { NewIntake, NewOutcome } from "./stay-schemas";
import { staySummary } from "./stay-schemas";
import {
  InvalidCorrectionError,
  NoOpenStayError,
  NotAdoptedError,
  OutcomeBeforeIntakeError,
  PlacementOverlapError,
  ReasonRequiredError,
  SecondOpenStayError,
  StayEndedError,
  StaysOverlapError,
} from "./record-errors";
import { intakeNotRecorded } from "./stay-rules";

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
const STAY_EVENTS = [
  "stay.opened",
  "stay.closed",
  "stay.corrected",
  "stay.reopened",
  "stay.placed",
  "stay.placement_changed",
  "stay.erased",
] as const;
const carer = { carer: { name: "Fay Foster", phone: "+1 555 0199" }, notes: "Fay has a garden" };
/** Whole values of every personal part above: none may reach an event. */
const PERSONAL_WORDS = ["Dana", brought.phone, brought.email, "river", "Sam", "Fay", "garden", "personal"];

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
    /** An intake on a pet without a placeholder stay (these pets have none): it opens a stay. */
    const recordIntake = async (...args: Parameters<StayStore["recordIntake"]>) =>
      (await stays().recordIntake(...args)).stay;
    const stayEvents = () => subject.pets.readEvents({ afterSequence: 0, limit: 100, types: STAY_EVENTS });

    it("opens a stay with an intake, closes it with an outcome, lists and gets it", async () => {
      const recorded = await stays().recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      const opened = recorded.stay;
      expect(recorded).toEqual({
        stay: { id: opened.id, petId, intake: intake("2026-11-01T09:00:00Z"), placements: [] },
        filled: false,
      });
      expect(await stays().getStay(opened.id)).toEqual(opened);
      const closed = await stays().recordOutcome(petId, adoption("2026-11-20T15:30:00Z"), UTC);
      expect(closed).toEqual({ ...opened, outcome: adoption("2026-11-20T15:30:00Z") });
      const again = await recordIntake(petId, { ...intake("2026-12-02T10:00:00Z"), type: "other" });
      expect(again.id).toBeGreaterThan(opened.id);
      expect(await stays().listStays(petId)).toEqual([closed, again]);
      expect(await stays().getStay(again.id + 1000)).toBeUndefined();
      expect(await stays().listStays(petId + 1000)).toEqual([]);
    });

    it("refuses a second open stay and writes nothing, its event neither", async () => {
      const opened = await recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      const refusal = recordIntake(petId, intake("2026-11-03T09:00:00Z"));
      await expect(refusal).rejects.toThrow(SecondOpenStayError);
      await expect(refusal).rejects.toMatchObject({ openStayId: opened.id });
      expect(await stays().listStays(petId)).toEqual([opened]);
      expect((await stayEvents()).map(({ event }) => event.type)).toEqual(["stay.opened"]);
    });

    it("decides two intakes sent at once against each other: one opens, one is refused", async () => {
      const [first, second] = await Promise.allSettled([
        recordIntake(petId, intake("2026-11-01T09:00:00Z")),
        recordIntake(petId, intake("2026-11-01T09:05:00Z")),
      ]);
      const outcomes = [first, second];
      expect(outcomes.filter(({ status }) => status === "fulfilled")).toHaveLength(1);
      // Refused by the rules, decided under the store's lock (not by the database's index afterwards).
      const refused = outcomes.find((outcome) => outcome.status === "rejected");
      expect(refused?.reason).toBeInstanceOf(SecondOpenStayError);
      expect(await stays().listStays(petId)).toHaveLength(1);
      expect(await stayEvents()).toHaveLength(1);
    });

    it("records an intake over the untouched placeholder: the same stay, corrected, its event naming fields only", async () => {
      // The stay a pet's creation gives it (decision 254), here recorded by hand: these pets have none.
      const placeholder = await recordIntake(petId, intakeNotRecorded("2026-11-10T09:00:00Z"));
      // Dated before the placeholder: the animal arrived before it was entered.
      const recorded = await stays().recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      const filled = { ...placeholder, intake: intake("2026-11-01T09:00:00Z") };
      expect(recorded).toEqual({ stay: filled, filled: true });
      expect(await stays().listStays(petId)).toEqual([filled]);
      expect(await stays().listOpenStays()).toEqual([filled]);
      const events = (await stayEvents()).map(({ event }) => event);
      expect(events.map(({ type, data }) => ({ type, data }))).toEqual([
        { type: "stay.opened", data: { object: staySummary(placeholder) } },
        {
          type: "stay.corrected",
          data: {
            object: staySummary(filled),
            part: "intake",
            fields: ["at", "type", "subtype", "condition", "sourceKind", "private"],
          },
        },
      ]);
      const written = JSON.stringify(events);
      for (const word of PERSONAL_WORDS) expect(written).not.toContain(word);
      // Filled once: the stay is no placeholder any more, before and after reopening.
      await expect(recordIntake(petId, intake("2026-11-02T09:00:00Z"))).rejects.toThrow(SecondOpenStayError);
      await subject.reopen();
      expect(await stays().listStays(petId)).toEqual([filled]);
      await expect(recordIntake(petId, intake("2026-11-02T09:00:00Z"))).rejects.toMatchObject({
        name: "SecondOpenStayError",
        openStayId: placeholder.id,
      });
    });

    it("fills no placeholder anyone has touched: corrected, placed in foster, or ended", async () => {
      const newPet = async () => (await subject.pets.create({ name: "Ivy", categoryId: 1 })).id;
      const placeholderOf = (id: number) => recordIntake(id, intakeNotRecorded("2026-11-01T09:00:00Z"));
      const corrected = await placeholderOf(petId);
      await stays().correctIntake(petId, corrected.id, { condition: "healthy" }, UTC);
      await expect(recordIntake(petId, intake("2026-11-02T09:00:00Z"))).rejects.toThrow(SecondOpenStayError);
      const placed = await newPet();
      await placeholderOf(placed);
      await stays().placeInFoster(placed, { from: "2026-11-02", personal: carer }, UTC);
      await expect(recordIntake(placed, intake("2026-11-02T09:00:00Z"))).rejects.toThrow(SecondOpenStayError);
      const ended = await newPet();
      const endedStay = await placeholderOf(ended);
      await stays().recordOutcome(ended, { at: "2026-11-03T09:00:00Z", type: "other_live" }, UTC);
      const next = await stays().recordIntake(ended, intake("2026-11-04T09:00:00Z"));
      expect(next.filled).toBe(false);
      expect((await stays().listStays(ended)).map(({ id }) => id)).toEqual([endedStay.id, next.stay.id]);
    });

    it("fills a placeholder only with an intake after the previous stay's outcome", async () => {
      await recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      await stays().recordOutcome(petId, adoption("2026-11-05T09:00:00Z"), UTC);
      const placeholder = await recordIntake(petId, intakeNotRecorded("2026-11-06T09:00:00Z"));
      await expect(stays().recordIntake(petId, intake("2026-11-04T09:00:00Z"))).rejects.toThrow(StaysOverlapError);
      expect(await stays().getStay(placeholder.id)).toEqual(placeholder);
      const recorded = await stays().recordIntake(petId, intake("2026-11-05T12:00:00Z"));
      expect(recorded).toMatchObject({ stay: { id: placeholder.id }, filled: true });
    });

    it("decides two intakes sent at once over a placeholder: one fills it, one is refused", async () => {
      const placeholder = await recordIntake(petId, intakeNotRecorded("2026-11-01T09:00:00Z"));
      const outcomes = await Promise.allSettled([
        stays().recordIntake(petId, intake("2026-10-30T09:00:00Z")),
        stays().recordIntake(petId, { ...intake("2026-10-31T09:00:00Z"), type: "relinquished_by_owner" }),
      ]);
      const done = outcomes.filter((outcome) => outcome.status === "fulfilled").map(({ value }) => value);
      expect(done).toEqual([{ stay: expect.objectContaining({ id: placeholder.id }), filled: true }]);
      const refused = outcomes.find((outcome) => outcome.status === "rejected");
      expect(refused?.reason).toBeInstanceOf(SecondOpenStayError);
      expect(await stays().listStays(petId)).toEqual([done[0]?.stay]);
      expect((await stayEvents()).map(({ event }) => event.type)).toEqual(["stay.opened", "stay.corrected"]);
    });

    it("closes only the stay named: one ended since is refused, and the stay open now stays open", async () => {
      const first = await recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      // Two outcomes for it at once (a double submit): one closes it, the other finds it ended.
      const both = await Promise.allSettled([
        stays().recordOutcome(petId, adoption("2026-11-02T09:00:00Z"), { ...UTC, stayId: first.id }),
        stays().recordOutcome(petId, adoption("2026-11-02T10:00:00Z"), { ...UTC, stayId: first.id }),
      ]);
      expect(both.filter(({ status }) => status === "fulfilled")).toHaveLength(1);
      expect(both.find(({ status }) => status === "rejected")).toMatchObject({ reason: expect.any(StayEndedError) });
      // Another stay opened since the caller looked at the first: closing the first must not close it.
      const second = await recordIntake(petId, intake("2026-11-03T09:00:00Z"));
      await expect(
        stays().recordOutcome(petId, adoption("2026-11-04T09:00:00Z"), { ...UTC, stayId: first.id }),
      ).rejects.toThrow(StayEndedError);
      await expect(
        stays().recordOutcome(petId, adoption("2026-11-04T09:00:00Z"), { ...UTC, stayId: second.id + 1000 }),
      ).rejects.toThrow(NoOpenStayError);
      expect(await stays().getStay(second.id)).toEqual(second);
      const closed = await stays().recordOutcome(petId, adoption("2026-11-04T09:00:00Z"), {
        ...UTC,
        stayId: second.id,
      });
      expect(closed).toEqual({ ...second, outcome: adoption("2026-11-04T09:00:00Z") });
      const types = (await stayEvents()).map(({ event }) => event.type);
      expect(types).toEqual(["stay.opened", "stay.closed", "stay.opened", "stay.closed"]);
    });

    it("refuses an outcome before its intake, and one without an open stay", async () => {
      const opened = await recordIntake(petId, intake("2026-11-10T09:00:00Z"));
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
      await expect(recordIntake(petId + 1000, intake("2026-11-01T09:00:00Z"))).rejects.toThrow(PetNotFoundError);
      expect(await stayEvents()).toEqual([]);
    });

    it("records each change's event with it: ids, types and times, no personal data", async () => {
      const opened = await recordIntake(petId, intake("2026-11-01T09:00:00Z"));
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
      const closed = await recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      const done = await stays().recordOutcome(petId, adoption("2026-11-02T09:00:00Z"), UTC);
      const open = await recordIntake(petId, intake("2026-11-05T09:00:00Z"));
      const events = await stayEvents();
      await subject.reopen();
      expect(await stays().listStays(petId)).toEqual([done, open]);
      expect(await stays().getStay(closed.id)).toEqual(done);
      expect(await stayEvents()).toEqual(events);
      // Ids go on after the highest one read back, and the rules still see the open stay.
      await expect(recordIntake(petId, intake("2026-11-06T09:00:00Z"))).rejects.toThrow(SecondOpenStayError);
      const next = await recordIntake(
        (await subject.pets.create({ name: "Ivy", categoryId: 1 })).id,
        intake("2026-11-06T09:00:00Z"),
      );
      expect(next.id).toBeGreaterThan(open.id);
    });

    it("records a return only after an adoption, as a returned_adoption stay", async () => {
      await recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      const back = { at: "2026-11-25T10:00:00Z", condition: "healthy" as const, personal: { notes: "Sam moved away" } };
      await expect(stays().recordReturn(petId, back)).rejects.toThrow(SecondOpenStayError);
      await stays().recordOutcome(petId, { at: "2026-11-02T09:00:00Z", type: "returned_to_owner" }, UTC);
      await expect(stays().recordReturn(petId, back)).rejects.toThrow(NotAdoptedError);
      await recordIntake(petId, intake("2026-11-03T09:00:00Z"));
      await stays().recordOutcome(petId, adoption("2026-11-10T09:00:00Z"), UTC);
      const returned = await stays().recordReturn(petId, back);
      expect(returned.intake).toEqual({ ...back, type: "returned_adoption", sourceKind: "person" });
      expect((await stays().listStays(petId)).at(-1)).toEqual(returned);
      expect(await stays().listOpenStays()).toEqual([returned]);
    });

    it("corrects an intake and an outcome with their reasons; the events name fields, never values or reasons", async () => {
      const opened = await recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      const corrected = await stays().correctIntake(
        petId,
        opened.id,
        { type: "relinquished_by_owner", reason: "Dana is the owner, not a finder" },
        UTC,
      );
      expect(corrected.intake.type).toBe("relinquished_by_owner");
      await stays().recordOutcome(petId, adoption("2026-11-20T15:30:00Z"), UTC);
      const moved = await stays().correctOutcome(
        petId,
        opened.id,
        { at: "2026-11-21T10:00:00Z", personal: null, reason: "Sam signed on the 21st" },
        UTC,
      );
      expect(moved.outcome).toEqual({ at: "2026-11-21T10:00:00Z", type: "adoption" });
      expect(await stays().getStay(opened.id)).toEqual(moved);
      await expect(
        stays().correctOutcome(petId, opened.id, { at: "2026-10-01T10:00:00Z", reason: "typo" }, UTC),
      ).rejects.toThrow(OutcomeBeforeIntakeError);
      const events = (await stayEvents()).map(({ event }) => event);
      const corrections = events.filter(({ type }) => type === "stay.corrected").map(({ data }) => data);
      expect(corrections).toEqual([
        { object: staySummary(corrected), part: "intake", fields: ["type"] },
        { object: staySummary(moved), part: "outcome", fields: ["at", "private"] },
      ]);
      const written = JSON.stringify(events);
      for (const word of [...PERSONAL_WORDS, "finder", "signed"]) expect(written).not.toContain(word);
    });

    it("refuses a correction of a stay the animal does not have, and writes nothing", async () => {
      const opened = await recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      await expect(
        stays().correctIntake(petId, opened.id + 1000, { condition: "unhealthy_untreatable" }, UTC),
      ).rejects.toThrow(InvalidCorrectionError);
      await expect(
        stays().correctOutcome(petId, opened.id, { at: "2026-11-02T00:00:00Z", reason: "x" }, UTC),
      ).rejects.toThrow(InvalidCorrectionError);
      expect((await stayEvents()).map(({ event }) => event.type)).toEqual(["stay.opened"]);
    });

    it("withdraws only the last stay's outcome: the stay is open again", async () => {
      const first = await recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      await stays().recordOutcome(petId, adoption("2026-11-02T09:00:00Z"), UTC);
      const second = await recordIntake(petId, intake("2026-11-03T09:00:00Z"));
      const closed = await stays().recordOutcome(petId, adoption("2026-11-04T09:00:00Z"), UTC);
      const withdrawal = { reason: "Recorded on the wrong animal" };
      await expect(stays().withdrawOutcome(petId, first.id, withdrawal, UTC)).rejects.toThrow(InvalidCorrectionError);
      const reopened = await stays().withdrawOutcome(petId, second.id, withdrawal, UTC);
      expect(reopened).toEqual({ ...second, placements: closed.placements });
      expect(await stays().listOpenStays()).toEqual([reopened]);
      await expect(stays().withdrawOutcome(petId, second.id, withdrawal, UTC)).rejects.toThrow(InvalidCorrectionError);
      const types = (await stayEvents()).map(({ event }) => event.type);
      expect(types.at(-1)).toBe("stay.reopened");
      expect(JSON.stringify(await stayEvents())).not.toContain("wrong animal");
    });

    it("places an animal in care in foster with store-assigned ids, refuses overlaps, ends and corrects placements", async () => {
      await expect(stays().placeInFoster(petId, { from: "2026-11-02", personal: carer }, UTC)).rejects.toThrow(
        NoOpenStayError,
      );
      const opened = await recordIntake(petId, intake("2026-11-01T09:00:00Z"));
      const placed = await stays().placeInFoster(petId, { from: "2026-11-02", personal: carer }, UTC);
      const [placement] = placed.placements;
      expect(placed).toEqual({ ...opened, placements: [{ id: placement?.id, from: "2026-11-02", personal: carer }] });
      const otherPet = (await subject.pets.create({ name: "Ivy", categoryId: 1 })).id;
      await recordIntake(otherPet, intake("2026-11-01T09:00:00Z"));
      const other = await stays().placeInFoster(otherPet, { from: "2026-11-03", personal: carer }, UTC);
      // Unique across the store, not per stay.
      expect(other.placements[0]?.id).not.toBe(placement?.id);
      const before = await stays().getStay(opened.id);
      await expect(stays().placeInFoster(petId, { from: "2026-11-05", personal: carer }, UTC)).rejects.toThrow(
        PlacementOverlapError,
      );
      expect(await stays().getStay(opened.id)).toEqual(before);
      const ended = await stays().changePlacement(petId, placement!.id, { until: "2026-11-10" }, UTC);
      expect(ended.placements[0]?.until).toBe("2026-11-10");
      await expect(stays().changePlacement(petId, placement!.id, { until: "2026-11-09" }, UTC)).rejects.toThrow(
        ReasonRequiredError,
      );
      const moved = await stays().changePlacement(
        petId,
        placement!.id,
        { until: "2026-11-09", reason: "Fay brought him back a day early" },
        UTC,
      );
      expect(moved.placements[0]?.until).toBe("2026-11-09");
      await expect(stays().changePlacement(petId, 999_999, { until: "2026-11-12" }, UTC)).rejects.toThrow(
        InvalidCorrectionError,
      );
      const events = (await stayEvents()).map(({ event }) => event);
      expect(events.filter(({ type }) => type === "stay.placed")).toHaveLength(2);
      expect(events.filter(({ type }) => type === "stay.placement_changed").map(({ data }) => data)).toEqual([
        { object: staySummary(ended), placementId: placement?.id, fields: ["until"] },
        { object: staySummary(moved), placementId: placement?.id, fields: ["until"] },
      ]);
      const written = JSON.stringify(events);
      for (const word of [...PERSONAL_WORDS, "early"]) expect(written).not.toContain(word);
      await subject.reopen();
      expect(await stays().getStay(opened.id)).toEqual(moved);
      const next = await stays().placeInFoster(petId, { from: "2026-11-12", personal: carer }, UTC);
      expect(next.placements[1]?.id).toBeGreaterThan(other.placements[0]!.id);
    });

    it("erases the personal parts of stays closed before the cutoff, and only those", async () => {
      const old = await recordIntake(petId, intake("2025-01-01T09:00:00Z"));
      await stays().placeInFoster(petId, { from: "2025-01-02", until: "2025-01-05", personal: carer }, UTC);
      await stays().recordOutcome(petId, adoption("2025-02-01T09:00:00Z"), UTC);
      await stays().correctOutcome(petId, old.id, { at: "2025-02-02T09:00:00Z", reason: "Sam signed later" }, UTC);
      const recent = await stays().recordReturn(petId, {
        at: "2026-11-01T09:00:00Z",
        condition: "healthy",
        personal: { notes: "Sam moved away" },
      });
      expect(await stays().erasePersonalClosedBefore("2025-02-01T00:00:00Z")).toBe(0);
      expect(await stays().erasePersonalClosedBefore("2026-01-01T00:00:00Z")).toBe(1);
      const erased = await stays().getStay(old.id);
      expect(erased).toEqual({
        id: old.id,
        petId,
        intake: { at: "2025-01-01T09:00:00Z", type: "stray", condition: "healthy", sourceKind: "person" },
        outcome: { at: "2025-02-02T09:00:00Z", type: "adoption" },
        placements: [{ id: erased?.placements[0]?.id, from: "2025-01-02", until: "2025-01-05" }],
      });
      expect(await stays().getStay(recent.id)).toEqual(recent);
      expect(await stays().erasePersonalClosedBefore("2026-01-01T00:00:00Z")).toBe(0);
      const events = (await stayEvents()).map(({ event }) => event);
      expect(events.filter(({ type }) => type === "stay.erased").map(({ data }) => data)).toEqual([
        { object: staySummary(erased!) },
      ]);
      await subject.reopen();
      expect(await stays().getStay(old.id)).toEqual(erased);
    });
  });
}
