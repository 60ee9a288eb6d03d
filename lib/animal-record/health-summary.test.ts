import { describe, expect, it } from "vitest";
import type { HealthFacts } from "./health-schemas";
import { healthSummaryOf, type HealthSummarySource } from "./health-summary";
import type { MedicalEntry, TreatmentItem } from "./medical-schemas";

const RABIES: TreatmentItem = { id: 1, name: "Rabies", kind: "vaccination", repeatEvery: { count: 1, unit: "years" } };
const DEWORMING: TreatmentItem = { id: 2, name: "Deworming", kind: "treatment" };
const FELV_TEST: TreatmentItem = { id: 3, name: "FeLV/FIV test", kind: "test" };

const entry = (id: number, petId: number, item: TreatmentItem, givenOn: string, nextDue?: string): MedicalEntry => ({
  id,
  petId,
  itemId: item.id,
  kind: item.kind,
  givenOn,
  givenBy: "Lakeside Vets",
  notes: "Nervous; ask Sam before handling",
  ...(nextDue ? { nextDue } : {}),
});

/** A medical record kept in memory: what the store would answer. */
function record(entries: MedicalEntry[], facts: Record<number, HealthFacts> = {}) {
  const source: HealthSummarySource = {
    listEntries: async (petId) => entries.filter((one) => one.petId === petId),
    getHealthFacts: async (petId) => facts[petId] ?? { weights: [] },
  };
  return source;
}

const today = "2026-11-28";

describe("healthSummaryOf", () => {
  it("says unknown for an animal the record says nothing of", async () => {
    const source = record([entry(1, 7, RABIES, "2026-11-01", "2027-11-01")]);
    expect(await healthSummaryOf(source, 42, today)).toEqual({
      vaccinated: "unknown",
      neutered: "unknown",
      microchipped: "unknown",
    });
  });

  it("reads the animal's own entries and facts", async () => {
    const facts: HealthFacts = {
      spayNeuter: { status: "altered", on: "2026-11-10" },
      microchip: { status: "none", scannedOn: "2026-11-02" },
      weights: [{ on: "2026-11-02", kg: 12 }],
    };
    const source = record([entry(1, 42, RABIES, "2026-11-01", "2027-11-01")], { 42: facts });
    expect(await healthSummaryOf(source, 42, today)).toEqual({
      vaccinated: "yes",
      neutered: "yes",
      microchipped: "no",
    });
  });

  it("is worked out on the day it is asked for: a booster that lapses since says no", async () => {
    const source = record([entry(1, 42, RABIES, "2025-11-27", "2026-11-27")]);
    expect((await healthSummaryOf(source, 42, "2026-11-26")).vaccinated).toBe("yes");
    expect((await healthSummaryOf(source, 42, "2026-11-28")).vaccinated).toBe("no");
  });

  it("counts vaccinations only: a lapsed dewormer or a test says nothing of vaccines", async () => {
    const source = record([entry(1, 42, DEWORMING, "2026-08-01", "2026-11-01"), entry(2, 42, FELV_TEST, "2026-11-01")]);
    expect((await healthSummaryOf(source, 42, today)).vaccinated).toBe("unknown");
  });

  it("answers the three words only, never a note or a date", async () => {
    const source = record([entry(1, 42, RABIES, "2026-11-01", "2027-11-01")]);
    const summary = await healthSummaryOf(source, 42, today);
    expect(Object.keys(summary).sort()).toEqual(["microchipped", "neutered", "vaccinated"]);
    expect(JSON.stringify(summary)).not.toMatch(/Sam|Lakeside|2026/);
  });
});
