import { describe, expect, it } from "vitest";
import { HealthFactsCorrection, Microchip, SpayNeuter, type HealthFacts } from "./health-schemas";
import { addWeight, changeHealthFacts } from "./health-rules";
import { ReasonRequiredError } from "./record-errors";

const chipped = { status: "chipped" as const, number: "985112003456789" };

describe("Microchip", () => {
  it("stores the number as read, without the spaces a reader shows", () => {
    expect(Microchip.parse({ status: "chipped", number: "985 112 003 456 789" })).toEqual(chipped);
  });

  it("answers a number no chip could send with the reason", () => {
    const parsed = Microchip.safeParse({ status: "chipped", number: "999112003456789" });
    expect(parsed.error?.issues[0]?.message).toContain("test transponders");
  });

  it("records a scan that found no chip", () => {
    expect(Microchip.parse({ status: "none", scannedOn: "2026-11-01" })).toEqual({
      status: "none",
      scannedOn: "2026-11-01",
    });
  });
});

describe("SpayNeuter", () => {
  it("keeps a surgery day for an altered animal only", () => {
    expect(SpayNeuter.safeParse({ status: "altered", on: "2026-11-10" }).success).toBe(true);
    expect(SpayNeuter.safeParse({ status: "unaltered", on: "2026-11-10" }).success).toBe(false);
  });
});

describe("changeHealthFacts", () => {
  const none: HealthFacts = { weights: [] };

  it("records what was unknown without a reason", () => {
    expect(changeHealthFacts(none, HealthFactsCorrection.parse({ microchip: chipped })).microchip).toEqual(chipped);
  });

  it("needs a reason to change a recorded chip, and none to send it again unchanged", () => {
    const recorded = { ...none, microchip: chipped };
    const other = { status: "chipped" as const, number: "985112003456780" };
    expect(() => changeHealthFacts(recorded, { microchip: other })).toThrow(ReasonRequiredError);
    expect(changeHealthFacts(recorded, { microchip: chipped }).microchip).toEqual(chipped);
    expect(changeHealthFacts(recorded, { microchip: other, reason: "Misread the last digit" }).microchip).toEqual(
      other,
    );
    expect(() => changeHealthFacts(recorded, { microchip: null })).toThrow(ReasonRequiredError);
  });
});

describe("addWeight", () => {
  it("keeps the history in day order, one weighing a day", () => {
    let facts: HealthFacts = { weights: [] };
    facts = addWeight(facts, { on: "2026-11-10", kg: 4.2 });
    facts = addWeight(facts, { on: "2026-11-01", kg: 3.9 });
    facts = addWeight(facts, { on: "2026-11-10", kg: 4.3 });
    expect(facts.weights).toEqual([
      { on: "2026-11-01", kg: 3.9 },
      { on: "2026-11-10", kg: 4.3 },
    ]);
  });
});
