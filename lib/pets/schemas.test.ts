import { describe, expect, it } from "vitest";
import { NewPet } from "./schemas";

const accepts = (input: unknown) => NewPet.safeParse(input).success;

describe("NewPet", () => {
  it("trims the name and keeps the optional status", () => {
    expect(NewPet.parse({ name: "  Rex ", categoryId: 1, status: "sold" })).toEqual({
      name: "Rex",
      categoryId: 1,
      status: "sold",
    });
  });

  it("counts name length in code points, after trimming", () => {
    expect(accepts({ name: "🐶".repeat(100), categoryId: 1 })).toBe(true);
    expect(accepts({ name: "🐶".repeat(101), categoryId: 1 })).toBe(false);
    expect(accepts({ name: ` ${"a".repeat(100)} `, categoryId: 1 })).toBe(true);
  });

  it.each(["", "   ", "a\u0000b", "a\nb", "a\tb", "\u001b[31mred", "x\u0085"])("refuses the name %j", (name) => {
    expect(accepts({ name, categoryId: 1 })).toBe(false);
  });

  it("keeps names in any script", () => {
    for (const name of ["Ünïcödé", "مرحبا", "猫咪", "e\u0301", "👩‍👩‍👧"])
      expect(accepts({ name, categoryId: 1 }), name).toBe(true);
  });

  it.each([0, -1, 1.5, "1", 9007199254740992, 1e300, null])("refuses categoryId %j", (categoryId) => {
    expect(accepts({ name: "Rex", categoryId })).toBe(false);
  });

  it("accepts the largest safe categoryId", () => {
    expect(accepts({ name: "Rex", categoryId: Number.MAX_SAFE_INTEGER })).toBe(true);
  });

  it("refuses an unknown status", () => {
    expect(accepts({ name: "Rex", categoryId: 1, status: "adopted" })).toBe(false);
  });
});
