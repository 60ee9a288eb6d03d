import { describe, expect, it } from "vitest";
import { PageMemo } from "./page-memo";

describe("the pages a listing answered since the last write", () => {
  it("makes a page once per query until a write clears them", () => {
    const memo = new PageMemo<{ pets: { id: number }[] }>();
    let made = 0;
    const make = () => ({ pets: [{ id: ++made }] });
    const first = memo.get("20 available", make);
    expect(memo.get("20 available", make)).toBe(first);
    expect(memo.get("20 sold", make).pets[0]!.id).toBe(2);
    memo.clear();
    expect(memo.get("20 available", make).pets[0]!.id).toBe(3);
  });

  it("hands out pages that nobody can change for the next caller", () => {
    const page = new PageMemo<{ pets: { name: string }[] }>().get("q", () => ({ pets: [{ name: "Rex" }] }));
    expect(Object.isFrozen(page) && Object.isFrozen(page.pets) && Object.isFrozen(page.pets[0])).toBe(true);
    expect(() => {
      (page.pets[0] as { name: string }).name = "Max";
    }).toThrow(TypeError);
  });

  it("stays bounded when every query is new (cursors)", () => {
    const memo = new PageMemo<{ n: number }>(2);
    let made = 0;
    for (const key of ["a", "b", "c"]) memo.get(key, () => ({ n: ++made }));
    expect(memo.get("a", () => ({ n: ++made })).n).toBe(4); // "a" went with the clear at the bound
  });
});
