import { describe, expect, it } from "vitest";
import { NewIntake, type NewOutcome, type Stay } from "./stay-schemas";
import { checkStays, closeStay, intakeNotRecorded, openStay, openStayOf, outcomeProblem } from "./stay-rules";
import { sacIntakeRow } from "./sac-mapping";
import {
  NoOpenStayError,
  OutcomeBeforeIntakeError,
  OutcomeNotAllowedError,
  PlacementOutsideStayError,
  SecondOpenStayError,
  StayEndedError,
  StaysOverlapError,
} from "./record-errors";

const stray: NewIntake = { at: "2026-11-01T10:00:00Z", type: "stray", condition: "healthy", sourceKind: "unknown" };
const adoption: NewOutcome = { at: "2026-11-20T15:00:00Z", type: "adoption" };
const ids = { id: 1, petId: 42 };

describe("openStay", () => {
  it("opens the animal's first stay with its intake and no placements", () => {
    expect(openStay([], stray, ids)).toEqual({ id: 1, petId: 42, intake: stray, placements: [] });
  });

  it("refuses a second open stay, naming the open one", () => {
    const open = openStay([], stray, ids);
    expect(() => openStay([open], { ...stray, at: "2026-11-02T10:00:00Z" }, { id: 2, petId: 42 })).toThrow(
      SecondOpenStayError,
    );
    try {
      openStay([open], stray, { id: 2, petId: 42 });
    } catch (error) {
      expect((error as SecondOpenStayError).openStayId).toBe(1);
    }
  });

  it("refuses an intake dated before the previous stay ended, and takes one after it", () => {
    const closed = closeStay([openStay([], stray, ids)], adoption, "UTC");
    const early = { ...stray, at: "2026-11-19T00:00:00Z" };
    expect(() => openStay([closed], early, { id: 2, petId: 42 })).toThrow(StaysOverlapError);
    // Backdated before the whole earlier stay: still an overlap, naming that stay.
    const backdated = { ...stray, at: "2026-09-01T00:00:00Z" };
    expect(() => openStay([closed], backdated, { id: 2, petId: 42 })).toThrow(
      expect.objectContaining({ name: "StaysOverlapError", stayId: 1 }),
    );
    const later = { ...stray, at: "2026-12-01T00:00:00Z" };
    expect(openStay([closed], later, { id: 2, petId: 42 }).intake).toEqual(later);
  });
});

describe("closeStay", () => {
  it("records the outcome on the open stay", () => {
    const closed = closeStay([openStay([], stray, ids)], adoption, "UTC");
    expect(closed.outcome).toEqual(adoption);
    expect(openStayOf([closed])).toBeUndefined();
  });

  it("refuses an outcome before its intake, even by a fraction of a second written differently", () => {
    const open = openStay([], { ...stray, at: "2026-11-01T10:00:00.5Z" }, ids);
    expect(() => closeStay([open], { ...adoption, at: "2026-11-01T10:00:00Z" }, "UTC")).toThrow(
      OutcomeBeforeIntakeError,
    );
    expect(closeStay([open], { ...adoption, at: "2026-11-01T10:00:00.500Z" }, "UTC").outcome).toBeDefined();
  });

  it("refuses an outcome when no stay is open", () => {
    expect(() => closeStay([], adoption, "UTC")).toThrow(NoOpenStayError);
    const closed = closeStay([openStay([], stray, ids)], adoption, "UTC");
    expect(() => closeStay([closed], adoption, "UTC")).toThrow(NoOpenStayError);
  });

  it("closes the stay named only while it is the open one", () => {
    const closed = closeStay([openStay([], stray, ids)], { ...adoption, at: "2026-11-02T10:00:00Z" }, "UTC", 1);
    const later = openStay([closed], { ...stray, at: "2026-11-03T10:00:00Z" }, { id: 2, petId: 42 });
    expect(() => closeStay([closed, later], adoption, "UTC", 1)).toThrow(StayEndedError);
    expect(() => closeStay([closed], adoption, "UTC", 1)).toThrow(StayEndedError);
    expect(() => closeStay([closed, later], adoption, "UTC", 9)).toThrow(NoOpenStayError);
    expect(closeStay([closed, later], adoption, "UTC", 2)).toEqual({ ...later, outcome: adoption });
  });

  it("ends a placement still open on the outcome's day in the shelter's zone", () => {
    const open: Stay = {
      ...openStay([], stray, ids),
      placements: [{ id: 5, from: "2026-11-05" }],
    };
    // 02:00 UTC on the 21st is still the 20th in Los Angeles.
    const closed = closeStay([open], { ...adoption, at: "2026-11-21T02:00:00Z" }, "America/Los_Angeles");
    expect(closed.placements).toEqual([{ id: 5, from: "2026-11-05", until: "2026-11-20" }]);
  });

  it("refuses an outcome dated before a placement began", () => {
    const open: Stay = { ...openStay([], stray, ids), placements: [{ id: 5, from: "2026-11-25" }] };
    expect(() => closeStay([open], adoption, "UTC")).toThrow(PlacementOutsideStayError);
  });

  it("follows SAC: returned to field only for strays, owner-intended euthanasia only after such an intake", () => {
    const relinquished = openStay([], { ...stray, type: "relinquished_by_owner", sourceKind: "person" }, ids);
    expect(() => closeStay([relinquished], { at: adoption.at, type: "returned_to_field" }, "UTC")).toThrow(
      OutcomeNotAllowedError,
    );
    expect(() => closeStay([relinquished], { at: adoption.at, type: "owner_intended_euthanasia" }, "UTC")).toThrow(
      OutcomeNotAllowedError,
    );
    expect(outcomeProblem("stray", "returned_to_field")).toBeUndefined();
    expect(outcomeProblem("owner_intended_euthanasia", "owner_intended_euthanasia")).toBeUndefined();
    expect(outcomeProblem("relinquished_by_owner", "shelter_euthanasia")).toBeUndefined();
  });
});

describe("intakeNotRecorded", () => {
  it("is a valid intake of type other, not recorded, which SAC counts under other intakes", () => {
    const intake = intakeNotRecorded("2026-01-05T09:00:00Z");
    expect(NewIntake.parse(intake)).toEqual(intake);
    expect(intake).toMatchObject({ type: "other", subtype: "not_recorded", sourceKind: "unknown" });
    expect(sacIntakeRow(intake.type)).toBe("other_intakes");
  });
});

describe("checkStays", () => {
  it("allows only the latest stay open", () => {
    const first: Stay = { id: 1, petId: 42, intake: stray, placements: [] };
    const second: Stay = { id: 2, petId: 42, intake: { ...stray, at: "2026-11-05T00:00:00Z" }, placements: [] };
    expect(() => checkStays([second, first])).toThrow(SecondOpenStayError);
  });
});
