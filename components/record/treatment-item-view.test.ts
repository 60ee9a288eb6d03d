import { describe, expect, it } from "vitest";
import { SUGGESTED_ITEMS } from "@/lib/animal-record/suggested-items";
import { itemFromForm, missingSuggestions, repeatWords } from "./treatment-item-view";

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
};

describe("repeatWords", () => {
  it("says the interval, singular for one", () => {
    expect(repeatWords({ repeatEvery: { count: 1, unit: "years" } })).toBe("Every 1 year");
    expect(repeatWords({ repeatEvery: { count: 3, unit: "weeks" } })).toBe("Every 3 weeks");
    expect(repeatWords({})).toBe("Given once");
  });
});

describe("itemFromForm", () => {
  it("reads an interval when a unit is chosen", () => {
    expect(itemFromForm(form({ name: "Rabies", kind: "vaccination", count: "1", unit: "years" }))).toEqual({
      name: "Rabies",
      kind: "vaccination",
      repeatEvery: { count: 1, unit: "years" },
    });
  });

  it("reads no interval without a unit, whatever the count says", () => {
    expect(itemFromForm(form({ name: "FeLV/FIV test", kind: "test", count: "2", unit: "" }))).toEqual({
      name: "FeLV/FIV test",
      kind: "test",
    });
  });

  it("keeps a count that is not plain digits as text, for the schema to refuse", () => {
    expect(
      itemFromForm(form({ name: "DHPP", kind: "vaccination", count: "1e3", unit: "weeks" })).repeatEvery?.count,
    ).toBe("1e3");
  });
});

describe("missingSuggestions", () => {
  it("offers every common item to a new shelter", () => {
    expect(missingSuggestions([])).toEqual(SUGGESTED_ITEMS);
  });

  it("leaves out what the list already has, whatever its case or spaces", () => {
    const missing = missingSuggestions([{ name: " rabies " }, { name: "Deworming" }]);
    expect(missing.map((item) => item.name)).not.toContain("Rabies");
    expect(missing.map((item) => item.name)).not.toContain("Deworming");
    expect(missing).toHaveLength(SUGGESTED_ITEMS.length - 2);
  });
});
