import { describe, expect, it } from "vitest";
import { changesBetween } from "./changes";

describe("changesBetween", () => {
  it("names each changed field from what to what, nested ones with dots, and skips ids", () => {
    const before = {
      id: 1,
      name: "Rex",
      status: "available",
      photoUrls: ["a"],
      profile: { size: "small", sex: "male" },
    };
    const after = {
      id: 1,
      name: "Max",
      status: "available",
      photoUrls: ["a", "b"],
      profile: { size: "large", sex: "male" },
    };
    expect(changesBetween(before, after)).toEqual([
      { field: "name", from: "Rex", to: "Max" },
      { field: "photoUrls", from: ["a"], to: ["a", "b"] },
      { field: "profile.size", from: "small", to: "large" },
    ]);
  });

  it("gives a field added only `to`, a field removed only `from`, and a creation every field with only `to`", () => {
    expect(changesBetween({ name: "Rex", note: "x" }, { name: "Rex", categoryId: 3 })).toEqual([
      { field: "note", from: "x" },
      { field: "categoryId", to: 3 },
    ]);
    expect(changesBetween(undefined, { id: 7, name: "Rex", profile: { size: "small" } })).toEqual([
      { field: "name", to: "Rex" },
      { field: "profile.size", to: "small" },
    ]);
  });

  it("finds nothing when nothing changed, and ignores updatedAt", () => {
    expect(changesBetween({ id: "w", url: "u", updatedAt: "1" }, { id: "w", url: "u", updatedAt: "2" })).toEqual([]);
  });
});
