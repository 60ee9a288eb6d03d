import { describe, expect, it } from "vitest";
import { PlainHeaders } from "./plain-headers";

type Step = (headers: Headers) => unknown;

// Each script runs against the platform's Headers and PlainHeaders; what they return and
// what they hold afterwards must agree.
const scripts: [string, HeadersInit | undefined, Step[]][] = [
  [
    "set, get and has ignore case",
    undefined,
    [(h) => h.set("X-Request-Id", "a"), (h) => h.get("x-request-id"), (h) => h.has("X-REQUEST-ID")],
  ],
  ["append joins with a comma", { Vary: "Accept" }, [(h) => h.append("vary", "Accept-Encoding"), (h) => h.get("Vary")]],
  ["set replaces", [["Allow", "GET"]], [(h) => h.set("allow", "GET, POST"), (h) => h.get("Allow")]],
  ["delete", { A: "1", B: "2" }, [(h) => h.delete("a"), (h) => h.has("A"), (h) => h.get("b")]],
  ["values are trimmed", undefined, [(h) => h.set("Link", "  <x>; rel=next\t"), (h) => h.get("link")]],
  ["a missing name is null", undefined, [(h) => h.get("nope"), (h) => h.has("nope")]],
  [
    "Set-Cookie is kept per cookie",
    undefined,
    [
      (h) => h.append("Set-Cookie", "a=1"),
      (h) => h.append("set-cookie", "b=2"),
      (h) => h.getSetCookie(),
      (h) => h.get("Set-Cookie"),
    ],
  ],
  [
    "iteration is in name order",
    { Zeta: "z", alpha: "a", "Set-Cookie": "c=1", Mid: "m" },
    [(h) => [...h.keys()], (h) => [...h.values()]],
  ],
];

describe("PlainHeaders agrees with the platform's Headers", () => {
  it.each(scripts)("%s", (_label, init, steps) => {
    const platform = new Headers(init);
    const plain = new PlainHeaders(init);
    for (const step of steps) expect(step(plain)).toEqual(step(platform));
    expect([...plain]).toEqual([...platform]);
    const seen: [string, string][] = [];
    plain.forEach((value, name) => seen.push([name, value]));
    expect(seen).toEqual([...platform]);
  });

  it.each([
    ["a bad name", (h: Headers) => h.set("Bad Name", "x")],
    ["a value with a line break", (h: Headers) => h.set("X-Id", "a\r\nInjected: 1")],
    ["a value with NUL", (h: Headers) => h.append("X-Id", "a\0b")],
  ])("refuses %s, as the platform does", (_label, step) => {
    expect(() => step(new Headers())).toThrow(TypeError);
    expect(() => step(new PlainHeaders())).toThrow(TypeError);
  });

  it("copies from another Headers, a record or pairs", () => {
    const source = new Headers({ A: "1" });
    expect([...new PlainHeaders(source)]).toEqual([["a", "1"]]);
    expect([...new PlainHeaders(new PlainHeaders({ B: "2" }))]).toEqual([["b", "2"]]);
    expect([...new Headers(new PlainHeaders([["C", "3"]]))]).toEqual([["c", "3"]]);
  });
});
