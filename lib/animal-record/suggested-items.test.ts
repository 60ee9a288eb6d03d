import { describe, expect, it } from "vitest";
import { NewTreatmentItem } from "./treatment-item-schemas";
import { SUGGESTED_ITEMS } from "./suggested-items";

describe("the suggested medical list", () => {
  it("is items the API takes as they are, each named once", () => {
    for (const item of SUGGESTED_ITEMS) expect(NewTreatmentItem.parse(item)).toEqual(item);
    expect(new Set(SUGGESTED_ITEMS.map(({ name }) => name)).size).toBe(SUGGESTED_ITEMS.length);
  });

  it("names what the issue's shelters keep: rabies, DHPP, FVRCP, a FeLV/FIV test and deworming", () => {
    const names = SUGGESTED_ITEMS.map(({ name }) => name).join(" | ");
    for (const word of ["Rabies", "DHPP", "FVRCP", "FeLV/FIV test", "Deworming"]) expect(names).toContain(word);
    expect(SUGGESTED_ITEMS.find(({ kind }) => kind === "test")?.repeatEvery).toBeUndefined();
  });
});
