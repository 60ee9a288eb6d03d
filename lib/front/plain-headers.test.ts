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

/** The pairs of Node's rawHeaders (name, value, name, value, …). */
function pairsOf(raw: readonly string[]): [string, string][] {
  return Array.from({ length: raw.length / 2 }, (_, i) => [raw[2 * i]!, raw[2 * i + 1]!]);
}

describe("a request's headers from Node's rawHeaders", () => {
  const raw = [
    "Host",
    "example.com:3000",
    "X-Tag",
    "a",
    "Zeta",
    "z",
    "x-tag",
    "b",
    "X-TAG",
    "",
    "Set-Cookie",
    "s=1; Path=/",
    "Accept",
    "application/json",
    "set-cookie",
    "t=2",
    "alpha",
    "",
    "Authorization",
    "Bearer abc",
  ];

  it("hold what the platform's Headers holds for the same fields", () => {
    const platform = new Headers(pairsOf(raw));
    const plain = PlainHeaders.fromRawHeaders(raw);
    expect([...plain]).toEqual([...platform]);
    for (const name of ["host", "X-Tag", "zeta", "ALPHA", "set-cookie", "authorization", "missing"]) {
      expect(plain.get(name)).toBe(platform.get(name));
      expect(plain.has(name)).toBe(platform.has(name));
    }
    expect(plain.getSetCookie()).toEqual(platform.getSetCookie());
  });

  it("repeated fields are joined with a comma and a space, in the order they came", () => {
    const plain = PlainHeaders.fromRawHeaders(raw);
    expect(plain.get("x-tag")).toBe("a, b, ");
    expect(plain.getSetCookie()).toEqual(["s=1; Path=/", "t=2"]);
    expect([...plain.keys()]).toEqual([
      "accept",
      "alpha",
      "authorization",
      "host",
      "set-cookie",
      "set-cookie",
      "x-tag",
      "zeta",
    ]);
  });

  // The platform's Headers joins Cookie fields with "; " (RFC 9113 §8.2.3, undici).
  it("repeated Cookie fields are joined with a semicolon, as the platform joins them", () => {
    const cookies = ["Cookie", "a=1", "cookie", "b=2"];
    expect(PlainHeaders.fromRawHeaders(cookies).get("cookie")).toBe(new Headers(pairsOf(cookies)).get("cookie"));
  });

  it("HTTP/2 pseudo-headers are left out", () => {
    const plain = PlainHeaders.fromRawHeaders([":method", "GET", ":path", "/v1", ":authority", "x", "Accept", "*/*"]);
    expect([...plain]).toEqual([["accept", "*/*"]]);
  });

  it("can still be changed, as a Headers can", () => {
    const plain = PlainHeaders.fromRawHeaders(["Vary", "Accept"]);
    plain.append("vary", "Origin");
    plain.set("X-Request-Id", "r1");
    expect([...plain]).toEqual([
      ...new Headers([
        ["Vary", "Accept, Origin"],
        ["X-Request-Id", "r1"],
      ]),
    ]);
  });

  it("no fields make empty headers", () => {
    expect([...PlainHeaders.fromRawHeaders([])]).toEqual([]);
  });
});

describe("headers for ServerResponse.writeHead", () => {
  it("each field once, Set-Cookie as one entry per cookie, in the order they were set", () => {
    const plain = new PlainHeaders([
      ["Zeta", "z"],
      ["Set-Cookie", "a=1"],
      ["Content-Type", "application/json"],
      ["Vary", "Accept"],
      ["set-cookie", "b=2"],
    ]);
    plain.append("vary", "Accept-Encoding");
    expect(Object.entries(plain.toNodeHeaders())).toEqual([
      ["zeta", "z"],
      ["content-type", "application/json"],
      ["vary", "Accept, Accept-Encoding"],
      ["set-cookie", ["a=1", "b=2"]],
    ]);
  });

  it("no Set-Cookie entry when there is no cookie", () => {
    const plain = new PlainHeaders({ "Set-Cookie": "a=1", Allow: "GET" });
    plain.delete("set-cookie");
    expect(plain.toNodeHeaders()).toEqual({ allow: "GET" });
    expect("set-cookie" in plain.toNodeHeaders()).toBe(false);
  });

  it("are a copy: what the writer adds to them does not change the response's headers", () => {
    const plain = new PlainHeaders({ "Content-Type": "text/plain", "Set-Cookie": "a=1" });
    const written = plain.toNodeHeaders();
    written["content-length"] = "5";
    (written["set-cookie"] as string[]).push("b=2");
    expect([...plain]).toEqual([
      ["content-type", "text/plain"],
      ["set-cookie", "a=1"],
    ]);
  });

  it("are what Node writes on the wire", async () => {
    const { createServer } = await import("node:http");
    const plain = new PlainHeaders([
      ["X-Tag", "a"],
      ["x-tag", "b"],
      ["Set-Cookie", "a=1"],
      ["Set-Cookie", "b=2"],
    ]);
    const server = createServer((_request, outgoing) => {
      outgoing.writeHead(204, plain.toNodeHeaders());
      outgoing.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as { port: number };
      const response = await fetch(`http://127.0.0.1:${port}/`);
      expect(response.headers.get("x-tag")).toBe("a, b");
      expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    } finally {
      server.close();
    }
  });
});
