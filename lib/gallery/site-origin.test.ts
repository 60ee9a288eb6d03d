import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { siteOrigin } from "./site-origin";

const request = (headers: Record<string, string | string[]>) => ({ headers }) as unknown as IncomingMessage;

describe("the site's origin for shared links", () => {
  it("prefers the configured address", () => {
    expect(siteOrigin("https://pets.example.org", request({ host: "evil.example" }))).toBe("https://pets.example.org");
  });

  it("else uses the request's Host, https only when a proxy says so", () => {
    expect(siteOrigin(undefined, request({ host: "127.0.0.1:3000" }))).toBe("http://127.0.0.1:3000");
    expect(siteOrigin(undefined, request({ host: "Pets.Example.org", "x-forwarded-proto": "https, http" }))).toBe(
      "https://pets.example.org",
    );
    expect(siteOrigin(undefined, request({ host: "[::1]:8080" }))).toBe("http://[::1]:8080");
  });

  it("gives nothing for a missing or malformed Host rather than a wrong address", () => {
    for (const host of ["", "a b", "evil.example/path", 'x"><script>', "a@b", "host:port"]) {
      expect(siteOrigin(undefined, request({ host })), host).toBeUndefined();
    }
    expect(siteOrigin(undefined, request({}))).toBeUndefined();
  });
});
