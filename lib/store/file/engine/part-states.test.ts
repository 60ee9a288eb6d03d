import { describe, expect, it } from "vitest";
import type { Part } from "./part";
import { PartStates } from "./part-states";

const part = (name: string): Part<{ count: number }> => ({ name, createState: () => ({ count: 0 }), lines: [] });

describe("the parts' states", () => {
  it("are found by a part's name, so a bundle's copy of a part reads the registered one's state", () => {
    const registered = part("medical");
    const states = new PartStates([registered], {});
    states.of(registered).count = 3;
    // Next bundled the store's module apart from the registry: its part is another object.
    expect(states.of({ ...registered })).toEqual({ count: 3 });
    expect(() => states.of(part("other"))).toThrow("part other is not registered");
  });

  it("refuse two parts of one name", () => {
    expect(() => new PartStates([part("medical"), part("medical")], {})).toThrow("two parts are named medical");
  });
});
