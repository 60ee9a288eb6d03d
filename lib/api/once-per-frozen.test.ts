import { describe, expect, it } from "vitest";
import { oncePerFrozen } from "./once-per-frozen";

describe("a value worked out once per frozen answer", () => {
  it("is remembered for a frozen object, and worked out afresh for anything else", () => {
    const once = oncePerFrozen<string>();
    let made = 0;
    const make = () => `text ${++made}`;
    const frozen = Object.freeze([{ id: 1 }]);
    expect(once(frozen, make)).toBe("text 1");
    expect(once(frozen, make)).toBe("text 1");
    const open = [{ id: 1 }];
    expect(once(open, make)).toBe("text 2");
    expect(once(open, make)).toBe("text 3");
    expect(once("a string", make)).toBe("text 4");
  });

  it("keeps one value per object", () => {
    const once = oncePerFrozen<number>();
    const a = Object.freeze({});
    const b = Object.freeze({});
    expect([once(a, () => 1), once(b, () => 2), once(a, () => 3)]).toEqual([1, 2, 1]);
  });
});
