import { describe, expect, it } from "vitest";
import { AdopterHealthSummary, adopterSummary } from "./adopter-summary";
import type { HealthFacts } from "./health-schemas";
import type { MedicalEntry } from "./medical-schemas";

const none: HealthFacts = { weights: [] };
const vaccine = (id: number, itemId: number, givenOn: string, nextDue?: string): MedicalEntry => ({
  id,
  petId: 42,
  itemId,
  kind: "vaccination",
  givenOn,
  givenBy: "Staff",
  notes: "Shy with needles; ask Sam",
  ...(nextDue ? { nextDue } : {}),
});
const today = "2026-11-28";

describe("adopterSummary", () => {
  it("says unknown where the record says nothing", () => {
    expect(adopterSummary(none, [], today)).toEqual({
      vaccinated: "unknown",
      neutered: "unknown",
      microchipped: "unknown",
    });
  });

  it("says yes when recorded: vaccines up to date, altered, chipped", () => {
    const facts: HealthFacts = {
      spayNeuter: { status: "altered", on: "2026-11-10" },
      microchip: { status: "chipped", number: "985112003456789" },
      weights: [],
    };
    expect(adopterSummary(facts, [vaccine(1, 1, "2026-11-01", "2027-11-01")], today)).toEqual({
      vaccinated: "yes",
      neutered: "yes",
      microchipped: "yes",
    });
  });

  it("says no when the record says no: a lapsed booster, unaltered, scanned without a chip", () => {
    const facts: HealthFacts = {
      spayNeuter: { status: "unaltered" },
      microchip: { status: "none", scannedOn: "2026-11-01" },
      weights: [],
    };
    const entries = [vaccine(1, 1, "2025-11-01", "2026-11-01"), vaccine(2, 2, "2026-11-20", "2026-12-11")];
    expect(adopterSummary(facts, entries, today)).toEqual({ vaccinated: "no", neutered: "no", microchipped: "no" });
  });

  it("counts the latest dose of each vaccine: a lapsed booster given since is yes again", () => {
    const entries = [vaccine(1, 1, "2025-11-01", "2026-11-01"), vaccine(2, 1, "2026-11-27", "2027-11-27")];
    expect(adopterSummary(none, entries, today).vaccinated).toBe("yes");
  });

  it("never carries a note or any detail: only the three answers", () => {
    const summary = adopterSummary(none, [vaccine(1, 1, "2026-11-01")], today);
    expect(Object.keys(summary).sort()).toEqual(["microchipped", "neutered", "vaccinated"]);
    expect(JSON.stringify(summary)).not.toContain("Sam");
    expect(AdopterHealthSummary.parse(summary)).toEqual(summary);
  });
});
