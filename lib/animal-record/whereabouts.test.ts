import { describe, expect, it } from "vitest";
import type { Stay } from "./stay-schemas";
import { censusOn, isInFosterOn, whereOn } from "./whereabouts";

const stay: Stay = {
  id: 1,
  petId: 42,
  intake: { at: "2026-11-01T10:00:00Z", type: "stray", condition: "healthy", sourceKind: "unknown" },
  outcome: { at: "2026-11-20T10:00:00Z", type: "adoption" },
  placements: [{ id: 5, from: "2026-11-05", until: "2026-11-10" }],
};

describe("whereOn (at the end of the day)", () => {
  it.each([
    ["2026-10-31", "not_in_care"],
    ["2026-11-01", "shelter"],
    ["2026-11-04", "shelter"],
    ["2026-11-05", "foster"],
    ["2026-11-09", "foster"],
    ["2026-11-10", "shelter"],
    ["2026-11-19", "shelter"],
    ["2026-11-20", "not_in_care"],
  ] as const)("on %s the animal is %s", (day, where) => {
    expect(whereOn([stay], day, "UTC")).toBe(where);
  });

  it("reads the days in the shelter's zone", () => {
    const late = { ...stay, intake: { ...stay.intake, at: "2026-11-01T03:00:00Z" } };
    // 03:00 UTC on the 1st is still 31 October in New York: in care at that day's end there.
    expect(whereOn([late], "2026-10-31", "America/New_York")).toBe("shelter");
    expect(whereOn([late], "2026-10-31", "UTC")).toBe("not_in_care");
  });

  it("keeps an open placement open: in foster until it ends", () => {
    const open: Stay = { ...stay, placements: [{ id: 5, from: "2026-11-05" }] };
    const inCare: Stay = { ...open };
    delete inCare.outcome;
    expect(isInFosterOn([inCare], "2027-01-01", "UTC")).toBe(true);
  });
});

describe("censusOn", () => {
  it("counts each species in the shelter and in foster, leaving out animals not in care", () => {
    const other: Stay = { ...stay, id: 2, petId: 43, placements: [] };
    const counts = censusOn(
      [
        { species: "canine", stays: [stay] },
        { species: "canine", stays: [other] },
        { species: "unmapped", stays: [other] },
        { species: "feline", stays: [] },
      ],
      "2026-11-06",
      "UTC",
    );
    expect(Object.fromEntries(counts)).toEqual({
      canine: { inShelter: 1, inFoster: 1 },
      unmapped: { inShelter: 1, inFoster: 0 },
    });
  });
});
