import { describe, expect, it } from "vitest";
import type { NewIntake, Stay } from "./stay-schemas";
import type { StayChangeEntry } from "./stay-history";
import { fillEntry, fillPlaceholder, untouchedPlaceholder } from "./placeholder-intake";
import { intakeNotRecorded } from "./stay-rules";
import { StaysOverlapError } from "./record-errors";

const placeholder: Stay = { id: 7, petId: 42, intake: intakeNotRecorded("2026-11-10T09:00:00Z"), placements: [] };
const stray: NewIntake = {
  at: "2026-11-01T09:00:00Z",
  type: "stray",
  condition: "healthy",
  sourceKind: "person",
  personal: { source: { name: "Dana Example" } },
};
const noHistory = () => [];

describe("untouchedPlaceholder", () => {
  it("is the open stay of intake other, not recorded, with no outcome, placement or change since", () => {
    expect(untouchedPlaceholder([placeholder], noHistory)).toEqual(placeholder);
  });

  it("is none once anyone touched it, or for any other intake", () => {
    const corrected: StayChangeEntry[] = [{ at: "2026-11-11T09:00:00Z", part: "intake", fields: ["condition"] }];
    expect(untouchedPlaceholder([placeholder], () => corrected)).toBeUndefined();
    const placed = { ...placeholder, placements: [{ id: 1, from: "2026-11-11" }] };
    expect(untouchedPlaceholder([placed], noHistory)).toBeUndefined();
    const ended = { ...placeholder, outcome: { at: "2026-11-12T09:00:00Z", type: "other_live" as const } };
    expect(untouchedPlaceholder([ended], noHistory)).toBeUndefined();
    const bornInCare = { ...placeholder, intake: { ...placeholder.intake, subtype: "born_in_care" } };
    expect(untouchedPlaceholder([bornInCare], noHistory)).toBeUndefined();
    expect(untouchedPlaceholder([{ ...placeholder, intake: stray }], noHistory)).toBeUndefined();
    expect(untouchedPlaceholder([], noHistory)).toBeUndefined();
  });
});

describe("fillPlaceholder", () => {
  it("keeps the stay and puts the intake in place, naming the fields replaced (never their values)", () => {
    const { stay, note } = fillPlaceholder([placeholder], placeholder, stray);
    expect(stay).toEqual({ ...placeholder, intake: stray });
    expect(note).toEqual({
      stayId: 7,
      part: "intake",
      fields: ["at", "type", "subtype", "condition", "sourceKind", "personal"],
    });
    expect(fillEntry(note, "2026-11-12T09:00:00Z")).toEqual({
      at: "2026-11-12T09:00:00Z",
      part: "intake",
      fields: note.fields,
      replacedPlaceholder: true,
    });
  });

  it("names only what differs", () => {
    const same = { ...placeholder.intake, condition: "healthy" as const };
    expect(fillPlaceholder([placeholder], placeholder, same).note.fields).toEqual(["condition"]);
  });

  it("refuses an intake before the previous stay's outcome, as any intake", () => {
    const before: Stay = {
      id: 3,
      petId: 42,
      intake: { ...stray, at: "2026-10-01T09:00:00Z" },
      outcome: { at: "2026-11-05T09:00:00Z", type: "returned_to_owner" },
      placements: [],
    };
    expect(() => fillPlaceholder([before, placeholder], placeholder, stray)).toThrow(StaysOverlapError);
    const after = { ...stray, at: "2026-11-05T09:00:00Z" };
    expect(fillPlaceholder([before, placeholder], placeholder, after).stay.intake).toEqual(after);
  });
});
