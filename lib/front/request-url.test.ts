import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { InvalidTargetError, requestUrlOf } from "./request-url";

/** What requestUrlOf reads of Node's request: the target, the Host header and whether TLS carried it. */
function incoming(target: string | undefined, host?: string, tls = false): IncomingMessage {
  return {
    url: target,
    headers: host === undefined ? {} : { host },
    socket: tls ? { encrypted: true } : {},
  } as unknown as IncomingMessage;
}

const urlOf = (target: string, host: string) => requestUrlOf(incoming(target, host), "localhost");

const HOSTS = ["example.com", "example.com:3000", "example.com:80", "127.0.0.1:8080", "[::1]:3000", "[::1]"];

// Plain targets (served by concatenation) and every kind that URL rewrites.
const TARGETS = [
  "/",
  "/v1",
  "/v1/pets",
  "/v1/pets/",
  "/v1/pets/42",
  "/v1/pets?limit=2&status=available",
  "/v1/pets?cursor=abc%3D%3D",
  "/v1/pets?",
  "/v1/pets??x",
  "/v1/pets?x=/../y",
  "/v1/pets/%2e%2e/x",
  "/v1/pets/%2E",
  "/v1/./pets",
  "/v1/pets/..",
  "/v1/pets/.",
  "/v1/.%2e/pets",
  "/v1/pets/.hidden",
  "/v1/pets/..x",
  "//v1/pets",
  "//evil.example/v1",
  "/v1//pets//",
  "/v1/pets/é",
  "/v1/pets?name=é",
  "/v1/pets/\u{1F408}",
  "/v1/pets/a b",
  "/v1/pets?name=a b",
  '/v1/pets/"x"',
  '/v1/pets?name="x"',
  "/v1/pets/'x'",
  "/v1/pets?name='x'",
  "/v1/pets/<x>",
  "/v1/pets/{}|^`",
  "/v1/pets?q={}|^`",
  "/v1/pets#fragment",
  "/v1/pets?limit=2#fragment",
  "/v1/pets/%zz",
  "/v1/pets/%",
  "/v1/pets/%41",
  "/v1/pets?q=%zz",
  "/v1/pets/a:b@c;d=e,f+g$h&i!j*k(l)m~n_o-p",
  "/v1/pets?q=a:b@c;d=e,f+g$h&i!j*k(l)m~n_o-p/?",
];

describe("a request's URL is what new URL makes of scheme, Host and target", () => {
  it.each(TARGETS)("%s", (target) => {
    for (const host of HOSTS) expect(urlOf(target, host)).toBe(new URL(`http://${host}${target}`).href);
  });

  // One character at a time, in the places URL treats differently: it catches a character
  // let through the fast path that URL would have escaped.
  const characters = [
    ...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)),
    "é",
    "\u00a0",
    "\u{1F408}",
  ];
  it.each(characters)("the character %j, in a path segment and in the query", (character) => {
    const targets = [`/v1/a${character}b`, `/v1/${character}`, `/v1?q=a${character}b`, `/v1?${character}`];
    for (const target of targets) {
      if (character === "\\" && !target.includes("?")) continue; // refused, below
      expect(urlOf(target, "example.com:3000")).toBe(new URL(`http://example.com:3000${target}`).href);
    }
  });

  it("dot segments are resolved and unsafe characters escaped, not passed through", () => {
    expect(urlOf("/v1/pets/%2e%2e/x", "example.com")).toBe("http://example.com/v1/x");
    expect(urlOf("/v1/./pets/..", "example.com")).toBe("http://example.com/v1/");
    expect(urlOf("/v1/pets/a b?name=é", "example.com")).toBe("http://example.com/v1/pets/a%20b?name=%C3%A9");
    expect(urlOf("/v1/pets", "example.com:80")).toBe("http://example.com/v1/pets");
  });

  it("the default host stands in for a missing or empty Host header", () => {
    expect(requestUrlOf(incoming("/v1/pets"), "localhost")).toBe("http://localhost/v1/pets");
    expect(requestUrlOf(incoming("/v1/pets", ""), "127.0.0.1")).toBe("http://127.0.0.1/v1/pets");
    expect(requestUrlOf(incoming(undefined), "localhost")).toBe("http://localhost/");
  });

  it("a request over TLS is https, for a Host also seen over plain HTTP", () => {
    expect(requestUrlOf(incoming("/v1", "example.com:443"), "localhost")).toBe("http://example.com:443/v1");
    expect(requestUrlOf(incoming("/v1", "example.com:443", true), "localhost")).toBe("https://example.com/v1");
    expect(requestUrlOf(incoming("/v1/./x", "example.com", true), "localhost")).toBe("https://example.com/v1/x");
  });

  it("each Host keeps its own origin, however many a client invents", () => {
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 100; i++) {
        expect(urlOf(`/v1/pets/${i}`, `host-${i}.example:${3000 + i}`)).toBe(
          `http://host-${i}.example:${3000 + i}/v1/pets/${i}`,
        );
      }
    }
  });

  it("an upper-case Host without a port is lower-cased, as the earlier adapter (hono's) allowed it", () => {
    // hono's check compares only the hostname's length here, so the same-length rewrite passes.
    expect(urlOf("/v1/pets", "EXAMPLE.com")).toBe("http://example.com/v1/pets");
  });
});

describe("what makes no URL is refused", () => {
  it.each(["/v1\\pets", "/v1/pets\\", "/v1/pets\\..\\x", "/v1/pets#a\\b", "\\v1"])(
    "a backslash in the path: %s",
    (target) => {
      expect(() => urlOf(target, "example.com")).toThrow(InvalidTargetError);
    },
  );

  it("a backslash in the query is kept, as URL keeps it", () => {
    expect(urlOf("/v1/pets?q=a\\b", "example.com")).toBe("http://example.com/v1/pets?q=a\\b");
    expect(urlOf("/v1/pets?q=\\..\\x", "example.com")).toBe(new URL("http://example.com/v1/pets?q=\\..\\x").href);
  });

  it.each([
    ["a path", "a/b"],
    ["a path after the port", "[::1]:3000/x"],
    ["credentials", "user@host"],
    ["a user and password", "user:secret@example.com"],
    ["a second port", "host:3000:4000"],
    ["a port beyond 65535", "example.com:65536"],
    ["an empty port", "example.com:"],
    ["no hostname", ":3000"],
    ["a query", "example.com?x=1"],
    ["a fragment", "example.com#x"],
    ["a space", "example .com"],
    ["an upper-case name with a port", "EXAMPLE.com:3000"],
    ["a percent-escape", "ex%61mple.com"],
    ["a non-ASCII name", "bücher.example"],
    ["a shortened IPv4 address", "127.1"],
    ["a non-canonical IPv6 address", "[0:0::1]:3000"],
  ])("a Host header with %s: %s", (_label, host) => {
    expect(() => urlOf("/v1/pets", host)).toThrow(InvalidTargetError);
    // A refusal is remembered, not turned into an origin the second time.
    expect(() => urlOf("/v1/pets", host)).toThrow(InvalidTargetError);
  });

  it("a target that makes no URL with the origin", () => {
    // Never a /v1 target (those start with "/"), but requestUrlOf still refuses it cleanly.
    expect(() => urlOf(":99999", "example.com")).toThrow(InvalidTargetError);
  });
});
