import { describe, expect, it } from "vitest";
import { INTAKE_TYPES } from "./intake-types";
import { OUTCOME_TYPES } from "./outcome-types";
import { SAC_INTAKE_ROWS, SAC_OUTCOME_ROWS, outcomeGroup, sacIntakeRow, sacOutcomeRow } from "./sac-mapping";

describe("SAC's intake rows", () => {
  it.each([
    ["stray", "stray_at_large"],
    ["relinquished_by_owner", "relinquished_by_owner"],
    ["returned_adoption", "relinquished_by_owner"],
    ["owner_intended_euthanasia", "owner_intended_euthanasia"],
    ["transferred_in", "transferred_in"],
    ["seized_or_impounded", "other_intakes"],
    ["other", "other_intakes"],
  ] as const)("%s counts as %s", (type, row) => {
    expect(sacIntakeRow(type)).toBe(row);
  });

  it("fills every row of the matrix from some intake type", () => {
    expect(new Set(INTAKE_TYPES.map(sacIntakeRow))).toEqual(new Set(Object.keys(SAC_INTAKE_ROWS)));
  });
});

describe("SAC's outcome rows and groups", () => {
  it("maps each outcome type to its own row", () => {
    expect(new Set(OUTCOME_TYPES.map(sacOutcomeRow)).size).toBe(Object.keys(SAC_OUTCOME_ROWS).length);
    expect(sacOutcomeRow("transferred_out")).toBe("transferred_to_agency");
    expect(sacOutcomeRow("other_live")).toBe("other_live_outcome");
  });

  it.each([
    ["adoption", "live"],
    ["returned_to_owner", "live"],
    ["transferred_out", "live"],
    ["returned_to_field", "live"],
    ["other_live", "live"],
    ["died_in_care", "other"],
    ["lost_in_care", "other"],
    ["shelter_euthanasia", "other"],
    ["owner_intended_euthanasia", "other"],
  ] as const)("%s is a %s outcome", (type, group) => {
    expect(outcomeGroup(type)).toBe(group);
  });
});
