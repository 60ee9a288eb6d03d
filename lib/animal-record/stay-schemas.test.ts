import { describe, expect, it } from "vitest";
import { NewPlacement, PlacementChange } from "./foster-schemas";
import { NewIntake, NewOutcome, staySummary, type Stay } from "./stay-schemas";
import { IntakeCorrection, OutcomeCorrection } from "./stay-correction-schemas";

const intake = { at: "2026-11-01T10:00:00Z", type: "stray", condition: "healthy", sourceKind: "unknown" };
const problems = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);

describe("NewIntake", () => {
  it("takes an intake in SAC's terms", () => {
    expect(NewIntake.parse(intake)).toEqual(intake);
    const transfer = { ...intake, type: "transferred_in", subtype: "international", sourceKind: "agency" };
    expect(NewIntake.parse(transfer)).toEqual(transfer);
  });

  it("needs a transfer's scope, and refuses a subtype where the type has none", () => {
    expect(problems(NewIntake.safeParse({ ...intake, type: "transferred_in" }))).toEqual([
      "subtype: transferred_in needs a subtype: one of in_state, out_of_state, international",
    ]);
    expect(problems(NewIntake.safeParse({ ...intake, subtype: "in_state" }))).toEqual([
      "subtype: stray takes no subtype",
    ]);
    expect(problems(NewIntake.safeParse({ ...intake, type: "other", subtype: "in_state" }))).toEqual([
      "subtype: must be one of born_in_care, not_recorded, other for other",
    ]);
  });

  it("keeps who brought the animal in the personal part, and refuses a named source of unknown kind", () => {
    const named = { ...intake, personal: { source: { name: "Jo Finder", phone: "+1 555 0100" } } };
    expect(problems(NewIntake.safeParse(named))).toEqual([
      "sourceKind: must be person or agency when a source is named",
    ]);
    expect(NewIntake.parse({ ...named, sourceKind: "person" }).personal?.source?.name).toBe("Jo Finder");
    const mailed = { ...named, sourceKind: "person", personal: { source: { name: "Jo", email: " Jo@Example.ORG " } } };
    expect(NewIntake.parse(mailed).personal?.source?.email).toBe("jo@example.org");
  });

  it("refuses unknown fields and a time that is not RFC 3339", () => {
    expect(NewIntake.safeParse({ ...intake, finderName: "Jo" }).success).toBe(false);
    expect(NewIntake.safeParse({ ...intake, at: "1 Nov 2026" }).success).toBe(false);
  });
});

describe("NewOutcome", () => {
  it("needs a shelter euthanasia's reason, and an adoption alone carries an order", () => {
    expect(problems(NewOutcome.safeParse({ at: intake.at, type: "shelter_euthanasia" }))).toEqual([
      "subtype: shelter_euthanasia needs a subtype: one of medical, behavioral, legal, other",
    ]);
    expect(NewOutcome.parse({ at: intake.at, type: "adoption", orderId: 7 }).orderId).toBe(7);
    expect(problems(NewOutcome.safeParse({ at: intake.at, type: "returned_to_owner", orderId: 7 }))).toEqual([
      "orderId: belongs to an adoption only",
    ]);
  });
});

describe("corrections", () => {
  it("need a reason when a counted field changes, and none for contact details", () => {
    expect(problems(IntakeCorrection.safeParse({ type: "relinquished_by_owner" }))).toEqual([
      "reason: is required when at, type or subtype is corrected",
    ]);
    expect(IntakeCorrection.safeParse({ personal: { notes: "Found near the park" } }).success).toBe(true);
    expect(OutcomeCorrection.safeParse({ at: intake.at, reason: "Typed the wrong day" }).success).toBe(true);
    expect(OutcomeCorrection.safeParse({ reason: "Nothing" }).success).toBe(false);
  });
});

describe("placements", () => {
  it("refuse an end before the start, and take a same-day return", () => {
    const carer = { carer: { name: "A. Carer" } };
    expect(problems(NewPlacement.safeParse({ from: "2026-11-05", until: "2026-11-04", personal: carer }))).toEqual([
      "until: must not be before from",
    ]);
    expect(NewPlacement.safeParse({ from: "2026-11-05", until: "2026-11-05", personal: carer }).success).toBe(true);
    expect(PlacementChange.safeParse({ until: null }).success).toBe(true);
    expect(NewPlacement.safeParse({ from: "2026-02-30", personal: carer }).success).toBe(false);
  });
});

describe("staySummary", () => {
  it("carries ids, types and times, never a personal part", () => {
    const stay: Stay = {
      id: 1,
      petId: 42,
      intake: { ...NewIntake.parse(intake), sourceKind: "person", personal: { source: { name: "Jo Finder" } } },
      outcome: {
        at: "2026-11-20T10:00:00Z",
        type: "returned_to_owner",
        personal: { destination: { name: "Sam Owner" } },
      },
      placements: [{ id: 5, from: "2026-11-02", until: "2026-11-03", personal: { carer: { name: "A. Carer" } } }],
    };
    const summary = staySummary(stay);
    expect(JSON.stringify(summary)).not.toMatch(/Jo Finder|Sam Owner|A\. Carer|personal/);
    expect(summary).toEqual({
      id: 1,
      petId: 42,
      intake: { at: intake.at, type: "stray", condition: "healthy", sourceKind: "person" },
      outcome: { at: "2026-11-20T10:00:00Z", type: "returned_to_owner" },
      placements: [{ id: 5, from: "2026-11-02", until: "2026-11-03" }],
    });
  });
});
