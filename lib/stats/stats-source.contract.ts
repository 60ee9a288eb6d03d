import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PetStore } from "@/lib/composition/pet-store";
import type { StayStore } from "@/lib/animal-record/stay-store";
import type { NewIntake, NewOutcome } from "@/lib/animal-record/stay-schemas";
import type { CategorySpecies } from "@/lib/animal-record/sac-species";
import type { StatsSource } from "./stats-source";
import { periodOf } from "./period";
import { periodStatistics } from "./period-statistics";
import { membersOf, type BasicDataMatrix } from "./basic-data-matrix";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "./known-answer-year";
import { loadKnownAnswerYear } from "./known-answer-load";
import type { StayRef } from "./stay-facts";

/** A statistics source on some engine, with the stores it reads. */
export interface StatsSubject {
  source: StatsSource;
  stays: StayStore;
  pets: PetStore;
  cleanup(): Promise<void>;
}

/** The mapping every subject's source is opened with (the medical store's, in the app). */
export const CONTRACT_MAPPING: CategorySpecies = new Map([
  [1, "canine"],
  [2, "feline"],
]);

const UTC = { timeZone: "UTC" };
const intake = (at: string): NewIntake => ({
  at,
  type: "stray",
  condition: "healthy",
  sourceKind: "person",
  personal: { source: { name: "Dana Example", phone: "+1 555 0100" }, notes: "Found by the river" },
});
const adoption = (at: string): NewOutcome => ({
  at,
  type: "adoption",
  personal: { destination: { name: "Sam Adopter" }, notes: "Sam's second dog" },
});

/** The statistics' read, the same on every engine (docs/decisions/264). */
export function describeStatsSourceContract(name: string, open: () => Promise<StatsSubject>): void {
  describe(`${name}: the statistics' read`, () => {
    let subject: StatsSubject;
    beforeEach(async () => {
      subject = await open();
    });
    afterEach(() => subject.cleanup());

    it("gives every pet with stays, its category, birth date, name and stays, never a personal part", async () => {
      const { pets, stays } = subject;
      const rex = await pets.create({ name: "Rex", categoryId: 1, birthDate: "2020-05-01" });
      await pets.create({ name: "Never in care", categoryId: 1 });
      const tom = await pets.create({ name: "Tom", categoryId: 2 });
      const { stay: first } = await stays.recordIntake(rex.id, intake("2025-01-10T09:00:00Z"));
      await stays.recordOutcome(rex.id, adoption("2025-02-01T15:00:00Z"), UTC);
      const { stay: second } = await stays.recordIntake(rex.id, { ...intake("2025-03-01T09:00:00Z"), type: "other" });
      const { stay: cat } = await stays.recordIntake(tom.id, intake("2025-02-20T09:00:00Z"));
      const placed = await stays.placeInFoster(
        tom.id,
        {
          from: "2025-02-25",
          until: "2025-03-05",
          personal: { carer: { name: "Carla Carer" }, notes: "Carla's spare room" },
        },
        UTC,
      );

      const { animals, mapping } = await subject.source.animalsForStats();
      expect(mapping).toEqual(CONTRACT_MAPPING);
      const bare = { condition: "healthy", sourceKind: "person" } as const;
      expect(animals).toEqual([
        {
          petId: rex.id,
          name: "Rex",
          categoryId: 1,
          birthDate: "2020-05-01",
          stays: [
            {
              id: first.id,
              petId: rex.id,
              intake: { at: "2025-01-10T09:00:00Z", type: "stray", ...bare },
              outcome: { at: "2025-02-01T15:00:00Z", type: "adoption" },
              placements: [],
            },
            {
              id: second.id,
              petId: rex.id,
              intake: { at: "2025-03-01T09:00:00Z", type: "other", ...bare },
              placements: [],
            },
          ],
        },
        {
          petId: tom.id,
          name: "Tom",
          categoryId: 2,
          stays: [
            {
              id: cat.id,
              petId: tom.id,
              intake: { at: "2025-02-20T09:00:00Z", type: "stray", ...bare },
              placements: [{ id: placed.placements[0]!.id, from: "2025-02-25", until: "2025-03-05" }],
            },
          ],
        },
      ]);
      expect(JSON.stringify(animals)).not.toMatch(/Dana|Sam|river|Carla/);
    });

    it("follows the pets' corrections and the stays' writes, and is what the figures count", async () => {
      const { pets, stays } = subject;
      const rex = await pets.create({ name: "Rex", categoryId: 2 });
      await stays.recordIntake(rex.id, intake("2025-06-10T09:00:00Z"));
      await pets.updatePet(rex.id, { categoryId: 1, birthDate: "2025-03-01", name: "Rexy" });
      await stays.recordOutcome(rex.id, adoption("2025-06-20T09:00:00Z"), UTC);

      const { animals, mapping } = await subject.source.animalsForStats();
      expect(animals).toMatchObject([{ name: "Rexy", categoryId: 1, birthDate: "2025-03-01" }]);
      const { matrix } = periodStatistics(animals, mapping, periodOf("2025-06"), "UTC");
      expect([...matrix.cells.keys()].sort()).toEqual([
        "intake/stray_at_large/canine/up_to_5_months",
        "outcome/adoption/canine/up_to_5_months",
      ]);
    });

    it("is empty for a record without stays", async () => {
      await subject.pets.create({ name: "Rex", categoryId: 1 });
      expect((await subject.source.animalsForStats()).animals).toEqual([]);
    });
  });
}

/**
 * The known-answer year written through the stores and counted from the engine's read gives
 * what the hand-checked fixture gives (known-answer-year.test.ts states those answers).
 */
export function describeKnownAnswerYearContract(name: string, open: () => Promise<StatsSubject>): void {
  describe(`${name}: the known-answer year, recorded through the stores`, () => {
    let subject: StatsSubject;
    beforeEach(async () => {
      subject = await open();
    });
    afterEach(() => subject.cleanup());

    it("counts every cell, rate and length of stay as the fixture does, and drills down to the same stays", async () => {
      const ids = await loadKnownAnswerYear(subject.pets, subject.stays);
      const snapshot = await subject.source.animalsForStats();
      expect(JSON.stringify(snapshot.animals)).not.toMatch(/Dana|Carla/);
      const fromStore = periodStatistics(
        snapshot.animals,
        KNOWN_ANSWER_MAPPING,
        periodOf("2025"),
        KNOWN_ANSWER_TIME_ZONE,
      );
      const fromFixture = periodStatistics(
        KNOWN_ANSWER_ANIMALS,
        KNOWN_ANSWER_MAPPING,
        periodOf("2025"),
        KNOWN_ANSWER_TIME_ZONE,
      );
      const asFixture = (members: readonly StayRef[]) =>
        members.map((ref) => ({ petId: ids.pets.get(ref.petId), stayId: ids.stays.get(ref.stayId) }));
      const cells = (matrix: BasicDataMatrix, map: (members: readonly StayRef[]) => unknown[]) =>
        Object.fromEntries([...matrix.cells.values()].map((cell) => [cell.key, map(cell.members)]));
      expect(cells(fromStore.matrix, asFixture)).toEqual(cells(fromFixture.matrix, (members) => [...members]));
      expect(fromStore.liveReleaseRates).toEqual(fromFixture.liveReleaseRates);
      expect(fromStore.liveReleaseRates[0]).toMatchObject({ live: 9, counted: 12, rate: 0.75 });
      const lengths = (figures: typeof fromStore.lengthsOfStay) =>
        figures.map((figure) => ({ ...figure, members: figure.members.length }));
      expect(lengths(fromStore.lengthsOfStay)).toEqual(lengths(fromFixture.lengthsOfStay));
      expect(fromStore.lengthsOfStay[0]).toMatchObject({ count: 13, medianDays: 16.42, percentile90Days: 112.37 });
      expect(asFixture(membersOf(fromStore.matrix, "outcome/adoption/canine/adult"))).toEqual([
        { petId: 101, stayId: 1001 },
        { petId: 101, stayId: 1002 },
        { petId: 103, stayId: 1004 },
      ]);
    });
  });
}
