import { describe, expect, it } from "vitest";
import { changePlacement, checkPlacements, placeInFoster } from "./foster-rules";
import type { NewPlacement } from "./foster-schemas";
import {
  InvalidCorrectionError,
  NoOpenStayError,
  PlacementOutsideStayError,
  PlacementOverlapError,
  ReasonRequiredError,
} from "./record-errors";
import type { Stay } from "./stay-schemas";

const carer = { carer: { name: "A. Carer" } };
const open: Stay = {
  id: 1,
  petId: 42,
  intake: { at: "2026-11-01T18:00:00Z", type: "stray", condition: "healthy", sourceKind: "unknown" },
  placements: [],
};
const place = (placement: Omit<NewPlacement, "personal">) => ({ ...placement, personal: carer });

describe("placeInFoster", () => {
  it("adds a placement inside the open stay", () => {
    const stay = placeInFoster([open], place({ from: "2026-11-02" }), 5, "UTC");
    expect(stay.placements).toEqual([{ id: 5, from: "2026-11-02", personal: carer }]);
  });

  it("refuses a placement beginning before the intake's day, in the shelter's zone", () => {
    expect(() => placeInFoster([open], place({ from: "2026-10-31" }), 5, "UTC")).toThrow(PlacementOutsideStayError);
    // 18:00 UTC on 1 November is the 2nd in Tokyo: a placement from the 1st is before it there.
    expect(() => placeInFoster([open], place({ from: "2026-11-01" }), 5, "Asia/Tokyo")).toThrow(
      PlacementOutsideStayError,
    );
    expect(placeInFoster([open], place({ from: "2026-11-01" }), 5, "UTC").placements).toHaveLength(1);
  });

  it("refuses a placement overlapping another, and takes one that begins the day the other ended", () => {
    const first = placeInFoster([open], place({ from: "2026-11-02", until: "2026-11-10" }), 5, "UTC");
    expect(() => placeInFoster([first], place({ from: "2026-11-09" }), 6, "UTC")).toThrow(PlacementOverlapError);
    expect(() => placeInFoster([first], place({ from: "2026-11-01", until: "2026-11-20" }), 6, "UTC")).toThrow(
      PlacementOverlapError,
    );
    expect(placeInFoster([first], place({ from: "2026-11-10" }), 6, "UTC").placements).toHaveLength(2);
  });

  it("refuses a placement when the animal is not in care", () => {
    const closed: Stay = { ...open, outcome: { at: "2026-11-15T10:00:00Z", type: "adoption" } };
    expect(() => placeInFoster([closed], place({ from: "2026-11-02", until: "2026-11-05" }), 5, "UTC")).toThrow(
      NoOpenStayError,
    );
  });

  it("refuses a second open placement: one foster home at a time", () => {
    const first = placeInFoster([open], place({ from: "2026-11-02" }), 5, "UTC");
    expect(() => placeInFoster([first], place({ from: "2026-11-20" }), 6, "UTC")).toThrow(PlacementOverlapError);
  });

  it("finds an overlap hidden behind a same-day placement", () => {
    const stay: Stay = {
      ...open,
      placements: [
        { id: 5, from: "2026-11-02", until: "2026-11-09" },
        { id: 6, from: "2026-11-03", until: "2026-11-03" },
        { id: 7, from: "2026-11-04", until: "2026-11-05" },
      ],
    };
    expect(() => checkPlacements(stay, "UTC")).toThrow(PlacementOverlapError);
  });
});

describe("checkPlacements on a closed stay", () => {
  it("refuses a placement running past the outcome's day", () => {
    const closed: Stay = {
      ...open,
      outcome: { at: "2026-11-15T10:00:00Z", type: "adoption" },
      placements: [{ id: 5, from: "2026-11-02", until: "2026-11-16" }],
    };
    expect(() => checkPlacements(closed, "UTC")).toThrow(PlacementOutsideStayError);
    expect(() =>
      checkPlacements({ ...closed, placements: [{ id: 5, from: "2026-11-02", until: "2026-11-15" }] }, "UTC"),
    ).not.toThrow();
  });
});

describe("changePlacement", () => {
  const placed = placeInFoster([open], place({ from: "2026-11-02" }), 5, "UTC");

  it("ends an open placement without a reason", () => {
    expect(changePlacement(placed, 5, { until: "2026-11-08" }, "UTC").placements[0]?.until).toBe("2026-11-08");
  });

  it("needs a reason to move a recorded day", () => {
    const ended = changePlacement(placed, 5, { until: "2026-11-08" }, "UTC");
    expect(() => changePlacement(ended, 5, { until: "2026-11-09" }, "UTC")).toThrow(ReasonRequiredError);
    expect(() => changePlacement(ended, 5, { from: "2026-11-03" }, "UTC")).toThrow(ReasonRequiredError);
    const moved = changePlacement(ended, 5, { until: "2026-11-09", reason: "Came back a day later" }, "UTC");
    expect(moved.placements[0]?.until).toBe("2026-11-09");
    const reopened = changePlacement(ended, 5, { until: null, reason: "Ended by mistake" }, "UTC");
    expect(reopened.placements[0]?.until).toBeUndefined();
  });

  it("refuses a placement that is not the stay's", () => {
    expect(() => changePlacement(placed, 9, { until: "2026-11-08" }, "UTC")).toThrow(InvalidCorrectionError);
  });
});
