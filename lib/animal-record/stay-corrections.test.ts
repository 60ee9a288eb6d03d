import { describe, expect, it } from "vitest";
import { correctIntake, correctOutcome, withdrawOutcome } from "./stay-corrections";
import {
  InvalidCorrectionError,
  OutcomeBeforeIntakeError,
  OutcomeNotAllowedError,
  StaysOverlapError,
} from "./record-errors";
import type { Stay } from "./stay-schemas";

const first: Stay = {
  id: 1,
  petId: 42,
  intake: { at: "2026-10-01T10:00:00Z", type: "stray", condition: "healthy", sourceKind: "unknown" },
  outcome: { at: "2026-10-20T10:00:00Z", type: "returned_to_field" },
  placements: [],
};
const second: Stay = {
  id: 2,
  petId: 42,
  intake: { at: "2026-11-01T10:00:00Z", type: "stray", condition: "healthy", sourceKind: "unknown" },
  placements: [],
};
const reason = "Entered wrongly at the desk";

describe("correctIntake", () => {
  it("merges the patch and returns the fields changed with the reason, never their values", () => {
    const { stay, note } = correctIntake(
      [first, second],
      2,
      { type: "transferred_in", subtype: "out_of_state", sourceKind: "agency", reason },
      "UTC",
    );
    expect(stay.intake).toEqual({
      ...second.intake,
      type: "transferred_in",
      subtype: "out_of_state",
      sourceKind: "agency",
    });
    expect(note).toEqual({ stayId: 2, part: "intake", fields: ["type", "subtype", "sourceKind"], reason });
  });

  it("refuses a result no intake could be: a transfer without its scope", () => {
    expect(() => correctIntake([second], 2, { type: "transferred_in", reason }, "UTC")).toThrow(InvalidCorrectionError);
  });

  it("removes a subtype with null", () => {
    const transfer: Stay = { ...second, intake: { ...second.intake, type: "transferred_in", subtype: "in_state" } };
    const { stay } = correctIntake([transfer], 2, { type: "stray", subtype: null, reason }, "UTC");
    expect(stay.intake.subtype).toBeUndefined();
  });

  it("re-checks the stays: an intake moved before the previous outcome, or after its own outcome", () => {
    expect(() => correctIntake([first, second], 2, { at: "2026-10-15T00:00:00Z", reason }, "UTC")).toThrow(
      StaysOverlapError,
    );
    expect(() => correctIntake([first, second], 1, { at: "2026-10-21T00:00:00Z", reason }, "UTC")).toThrow(
      OutcomeBeforeIntakeError,
    );
    // Moved before the whole earlier stay: the open stay would hold it; the error names stay 1.
    expect(() => correctIntake([first, second], 2, { at: "2026-09-01T00:00:00Z", reason }, "UTC")).toThrow(
      expect.objectContaining({ name: "StaysOverlapError", stayId: 1 }),
    );
  });

  it("re-checks SAC's rule against the recorded outcome: a returned-to-field cat stays a stray", () => {
    expect(() =>
      correctIntake([first, second], 1, { type: "relinquished_by_owner", sourceKind: "person", reason }, "UTC"),
    ).toThrow(OutcomeNotAllowedError);
  });
});

describe("correctOutcome", () => {
  it("corrects the outcome's day and names the field", () => {
    const { stay, note } = correctOutcome([first, second], 1, { at: "2026-10-21T10:00:00Z", reason }, "UTC");
    expect(stay.outcome?.at).toBe("2026-10-21T10:00:00Z");
    expect(note.fields).toEqual(["at"]);
  });

  it("refuses an outcome moved before its intake or a stay without one", () => {
    expect(() => correctOutcome([first], 1, { at: "2026-09-01T00:00:00Z", reason }, "UTC")).toThrow(
      OutcomeBeforeIntakeError,
    );
    expect(() => correctOutcome([first, second], 2, { at: "2026-11-02T00:00:00Z", reason }, "UTC")).toThrow(
      InvalidCorrectionError,
    );
  });
});

describe("withdrawOutcome", () => {
  it("opens the last stay again, with the reason", () => {
    const { stay, note } = withdrawOutcome([first], 1, { reason });
    expect(stay.outcome).toBeUndefined();
    expect(note).toEqual({ stayId: 1, part: "outcome", fields: ["outcome"], reason });
  });

  it("refuses an earlier stay's outcome: that would make two open stays", () => {
    expect(() => withdrawOutcome([first, second], 1, { reason })).toThrow(InvalidCorrectionError);
  });
});
