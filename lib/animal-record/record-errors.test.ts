import { describe, expect, it, vi } from "vitest";
import { DueBeforeGivenError, OutcomeBeforeIntakeError, RECORD_REFUSALS, isRecordRefusal } from "./record-errors";

describe("the record's refusals", () => {
  it("are told apart, and recognised across copies of the module (Next bundles it more than once)", async () => {
    expect(new OutcomeBeforeIntakeError()).not.toBeInstanceOf(DueBeforeGivenError);
    vi.resetModules();
    const copy = await import("./record-errors");
    expect(new copy.OutcomeBeforeIntakeError()).toBeInstanceOf(OutcomeBeforeIntakeError);
  });

  it("are each a refusal with its own name and a message for the caller", () => {
    const names = new Set<string>();
    for (const Refusal of RECORD_REFUSALS) {
      const refusal = new (Refusal as new (arg: never) => Error)("the test's words" as never);
      expect(isRecordRefusal(refusal)).toBe(true);
      expect(refusal.message.length).toBeGreaterThan(10);
      names.add(refusal.name);
    }
    expect(names.size).toBe(RECORD_REFUSALS.length);
    expect(isRecordRefusal(new Error("ENOSPC"))).toBe(false);
  });
});
