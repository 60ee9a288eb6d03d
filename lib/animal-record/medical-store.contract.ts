import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PetStore } from "@/lib/composition/pet-store";
import { PetNotFoundError } from "@/lib/pets/pet-errors";
import { EVENT_TYPE_NAMES } from "@/lib/events/event-types";
import { MedicalEntryNotFoundError, type MedicalStore } from "./medical-store";
import type { NewMedicalEntry } from "./medical-schemas";
import {
  DueBeforeGivenError,
  EntryDoesNotFitItemError,
  ReasonRequiredError,
  UnknownTreatmentError,
} from "./record-errors";

/** A medical store on some engine, with the pet store it shares its durable writes and event log with. */
export interface MedicalSubject {
  medical: MedicalStore;
  pets: PetStore;
  /** Closes both and opens them again on the same data (the file engine: recovery from its journal). */
  reopen(): Promise<void>;
  cleanup(): Promise<void>;
}

const MEDICAL_EVENTS = EVENT_TYPE_NAMES.filter(
  (type) => type.startsWith("medical.") || type === "category.species_set",
);
const rabies = { name: "Rabies", kind: "vaccination", repeatEvery: { count: 1, unit: "years" } } as const;
const felv = { name: "FeLV/FIV test", kind: "test" } as const;
const CHIP = "985112003456789";
const secrets = { givenBy: "Dr Quill Example", lot: "LOT-QX-4471", notes: "Bit the vet, muzzle next time" };

/** The medical store's behaviour, the same on every engine (docs/decisions/256). */
export function describeMedicalStoreContract(name: string, open: () => Promise<MedicalSubject>): void {
  describe(`${name}: medical record`, () => {
    let subject: MedicalSubject;
    let petId: number;
    beforeEach(async () => {
      subject = await open();
      petId = (await subject.pets.create({ name: "Rex", categoryId: 1 })).id;
    });
    afterEach(() => subject.cleanup());
    const medical = () => subject.medical;
    const medicalEvents = async () =>
      (await subject.pets.readEvents({ afterSequence: 0, limit: 100, types: MEDICAL_EVENTS })).map(
        ({ event }) => event,
      );
    const vaccination = (itemId: number, givenOn: string): NewMedicalEntry => ({ itemId, givenOn, ...secrets });

    it("keeps the shelter's list: adds, renames, changes and drops an interval", async () => {
      expect(await medical().listItems()).toEqual([]);
      const first = await medical().addItem(rabies);
      const second = await medical().addItem(felv);
      expect(first).toEqual({ id: first.id, ...rabies });
      expect(second.id).toBeGreaterThan(first.id);
      const renamed = await medical().changeItem(first.id, {
        name: "Rabies (3-year)",
        repeatEvery: { count: 3, unit: "years" },
      });
      expect(renamed).toEqual({ ...first, name: "Rabies (3-year)", repeatEvery: { count: 3, unit: "years" } });
      const once = await medical().changeItem(first.id, { repeatEvery: null });
      expect(once).toEqual({ id: first.id, name: "Rabies (3-year)", kind: "vaccination" });
      expect(await medical().listItems()).toEqual([once, second]);
      await expect(medical().changeItem(second.id + 100, { name: "Nothing" })).rejects.toThrow(UnknownTreatmentError);
    });

    it("records an entry with its next due day from the item's interval, lists and gets it", async () => {
      const item = await medical().addItem(rabies);
      const entry = await medical().recordEntry(petId, vaccination(item.id, "2026-02-28"));
      expect(entry).toEqual({
        id: entry.id,
        petId,
        kind: "vaccination",
        ...vaccination(item.id, "2026-02-28"),
        nextDue: "2027-02-28",
      });
      const chosen = await medical().recordEntry(petId, {
        ...vaccination(item.id, "2026-01-10"),
        nextDue: "2026-07-10",
      });
      expect(chosen.nextDue).toBe("2026-07-10");
      expect(await medical().listEntries(petId)).toEqual([chosen, entry]);
      expect(await medical().getEntry(entry.id)).toEqual(entry);
      expect(await medical().getEntry(entry.id + 100)).toBeUndefined();
      expect(await medical().listEntries(petId + 100)).toEqual([]);
    });

    it("refuses an unknown item, an entry that does not fit its item, a due day before the given day and an unknown pet, writing nothing", async () => {
      const item = await medical().addItem(rabies);
      const test = await medical().addItem(felv);
      await expect(medical().recordEntry(petId, vaccination(test.id + 100, "2026-03-01"))).rejects.toThrow(
        UnknownTreatmentError,
      );
      await expect(medical().recordEntry(petId, vaccination(test.id, "2026-03-01"))).rejects.toThrow(
        EntryDoesNotFitItemError,
      );
      await expect(
        medical().recordEntry(petId, { ...vaccination(item.id, "2026-03-01"), nextDue: "2026-03-01" }),
      ).rejects.toThrow(DueBeforeGivenError);
      await expect(medical().recordEntry(petId + 100, vaccination(item.id, "2026-03-01"))).rejects.toThrow(
        PetNotFoundError,
      );
      expect(await medical().listEntries(petId)).toEqual([]);
      expect((await medicalEvents()).map(({ type }) => type)).toEqual(["medical.item_added", "medical.item_added"]);
    });

    it("corrects an entry with its reason, and refuses a correction that breaks the rules", async () => {
      const item = await medical().addItem(rabies);
      const entry = await medical().recordEntry(petId, vaccination(item.id, "2026-03-01"));
      const corrected = await medical().correctEntry(entry.id, {
        givenOn: "2026-03-02",
        lot: null,
        reason: "Typed the wrong day and lot",
      });
      const withoutLot: Partial<typeof entry> = { ...entry, givenOn: "2026-03-02" };
      delete withoutLot.lot;
      expect(corrected).toEqual(withoutLot);
      expect(await medical().getEntry(entry.id)).toEqual(corrected);
      await expect(
        medical().correctEntry(entry.id, { givenOn: "2027-03-02", reason: "After its due day" }),
      ).rejects.toThrow(DueBeforeGivenError);
      await expect(medical().correctEntry(entry.id + 100, { givenOn: "2026-03-03", reason: "None" })).rejects.toThrow(
        MedicalEntryNotFoundError,
      );
      expect(await medical().getEntry(entry.id)).toEqual(corrected);
      const last = (await medicalEvents()).at(-1);
      expect(last).toMatchObject({ type: "medical.corrected", data: { fields: ["givenOn", "lot"] } });
    });

    it("lists each pet's latest entry per item due by a day", async () => {
      const item = await medical().addItem(rabies);
      const worm = await medical().addItem({
        name: "Deworming",
        kind: "treatment",
        repeatEvery: { count: 3, unit: "months" },
      });
      const otherPet = (await subject.pets.create({ name: "Ivy", categoryId: 2 })).id;
      await medical().recordEntry(petId, vaccination(item.id, "2025-01-05")); // due 2026-01-05, replaced below
      const booster = await medical().recordEntry(petId, vaccination(item.id, "2025-06-01")); // due 2026-06-01
      const dewormed = await medical().recordEntry(otherPet, {
        itemId: worm.id,
        givenOn: "2026-01-01",
        givenBy: "Staff",
      });
      await medical().recordEntry(otherPet, { itemId: item.id, givenOn: "2026-01-01", givenBy: "Staff" }); // due 2027
      expect(await medical().listDueBy("2026-04-01")).toEqual([dewormed]);
      expect(await medical().listDueBy("2026-06-01")).toEqual([dewormed, booster]);
      expect(await medical().listDueBy("2025-12-31")).toEqual([]);
    });

    it("keeps health facts: spay/neuter, microchip and weights, and a reason to change what was recorded", async () => {
      expect(await medical().getHealthFacts(petId)).toEqual({ weights: [] });
      const chipped = await medical().changeHealthFacts(petId, {
        microchip: { status: "chipped", number: "985 112 003 456 789", implantedOn: "2026-03-01" },
        spayNeuter: { status: "unaltered" },
      });
      expect(chipped).toEqual({
        microchip: { status: "chipped", number: CHIP, implantedOn: "2026-03-01" },
        spayNeuter: { status: "unaltered" },
        weights: [],
      });
      await expect(
        medical().changeHealthFacts(petId, { microchip: { status: "chipped", number: "985112003456780" } }),
      ).rejects.toThrow(ReasonRequiredError);
      const altered = await medical().changeHealthFacts(petId, {
        spayNeuter: { status: "altered", on: "2026-03-05" },
        reason: "Neutered at the clinic",
      });
      expect(altered.spayNeuter).toEqual({ status: "altered", on: "2026-03-05" });
      await medical().addWeight(petId, { on: "2026-03-05", kg: 12.5 });
      await medical().addWeight(petId, { on: "2026-03-01", kg: 11 });
      const weighed = await medical().addWeight(petId, { on: "2026-03-05", kg: 12.75 });
      expect(weighed.weights).toEqual([
        { on: "2026-03-01", kg: 11 },
        { on: "2026-03-05", kg: 12.75 },
      ]);
      expect(await medical().getHealthFacts(petId)).toEqual(weighed);
      await expect(medical().addWeight(petId + 100, { on: "2026-03-05", kg: 1 })).rejects.toThrow(PetNotFoundError);
      await expect(medical().changeHealthFacts(petId + 100, { spayNeuter: { status: "unknown" } })).rejects.toThrow(
        PetNotFoundError,
      );
    });

    it("maps categories to SAC species", async () => {
      expect(await medical().categorySpecies()).toEqual(new Map());
      await medical().setCategorySpecies(1, "canine");
      await medical().setCategorySpecies(2, "feline");
      await medical().setCategorySpecies(1, "canine"); // the same again: no change, no event
      await medical().setCategorySpecies(2, "rabbit");
      expect(await medical().categorySpecies()).toEqual(
        new Map([
          [1, "canine"],
          [2, "rabbit"],
        ]),
      );
      expect((await medicalEvents()).map(({ type }) => type)).toEqual([
        "category.species_set",
        "category.species_set",
        "category.species_set",
      ]);
    });

    it("writes each change's event with it: ids, item, kind and days, never notes, lot, result, giver, chip or weight", async () => {
      const item = await medical().addItem(rabies);
      const test = await medical().addItem(felv);
      const entry = await medical().recordEntry(petId, vaccination(item.id, "2026-03-01"));
      await medical().recordEntry(petId, {
        itemId: test.id,
        givenOn: "2026-03-01",
        result: "positive",
        ...secrets,
        lot: undefined,
      });
      await medical().correctEntry(entry.id, { notes: "Another secret note", reason: "Private reason words" });
      await medical().changeHealthFacts(petId, { microchip: { status: "chipped", number: CHIP } });
      await medical().addWeight(petId, { on: "2026-03-05", kg: 12.34 });
      const written = await medicalEvents();
      expect(written.map(({ type }) => type)).toEqual([
        "medical.item_added",
        "medical.item_added",
        "medical.recorded",
        "medical.recorded",
        "medical.corrected",
        "medical.health_changed",
        "medical.weighed",
      ]);
      expect(written[2]?.data).toEqual({
        object: {
          id: entry.id,
          petId,
          itemId: item.id,
          kind: "vaccination",
          givenOn: "2026-03-01",
          nextDue: "2027-03-01",
        },
      });
      expect(written[5]?.data).toEqual({ object: { petId, microchip: { status: "chipped" } }, fields: ["microchip"] });
      const text = JSON.stringify(written);
      for (const secret of [...Object.values(secrets), "Another secret", "Private reason", "positive", CHIP, "12.34"]) {
        expect(text).not.toContain(secret);
      }
    });

    it("gives the same record and events after reopening, and goes on with ids after the highest", async () => {
      const item = await medical().addItem(rabies);
      const entry = await medical().recordEntry(petId, vaccination(item.id, "2026-03-01"));
      await medical().correctEntry(entry.id, { givenOn: "2026-03-02", reason: "Wrong day" });
      await medical().changeHealthFacts(petId, { spayNeuter: { status: "altered" } });
      await medical().addWeight(petId, { on: "2026-03-05", kg: 9 });
      await medical().setCategorySpecies(1, "canine");
      const before = {
        items: await medical().listItems(),
        entries: await medical().listEntries(petId),
        health: await medical().getHealthFacts(petId),
        species: await medical().categorySpecies(),
        events: await medicalEvents(),
      };
      await subject.reopen();
      expect({
        items: await medical().listItems(),
        entries: await medical().listEntries(petId),
        health: await medical().getHealthFacts(petId),
        species: await medical().categorySpecies(),
        events: await medicalEvents(),
      }).toEqual(before);
      const next = await medical().addItem(felv);
      expect(next.id).toBeGreaterThan(item.id);
      const again = await medical().recordEntry(petId, vaccination(item.id, "2026-04-01"));
      expect(again.id).toBeGreaterThan(entry.id);
    });
  });
}
