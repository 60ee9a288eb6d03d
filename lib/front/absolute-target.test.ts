import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { takeOriginForm } from "./absolute-target";

function incoming(url: string, host: string | null = "shop.example:3000", method = "GET"): IncomingMessage {
  return { url, method, headers: host === null ? {} : { host } } as IncomingMessage;
}

describe("takeOriginForm (issue 20, finding 11)", () => {
  it("leaves an origin-form target alone", () => {
    const request = incoming("/v1/pets?limit=1");
    expect(takeOriginForm(request)).toBe(true);
    expect(request.url).toBe("/v1/pets?limit=1");
  });

  it.each([
    ["http://shop.example:3000/v1/pets?limit=1", "/v1/pets?limit=1"],
    ["HTTP://SHOP.example:3000/staff", "/staff"],
    ["http://shop.example:3000", "/"],
    ["http://shop.example:3000?x=1", "/?x=1"],
  ])("rewrites %s, naming this host, to %s", (target, path) => {
    const request = incoming(target);
    expect(takeOriginForm(request)).toBe(true);
    expect(request.url).toBe(path);
  });

  it.each([
    "http://evil.example/",
    "http://evil.example/v1/pets",
    "http://shop.example/v1/pets",
    "http://user@shop.example:3000/",
    "ftp://shop.example:3000/",
    "shop.example:3000",
    "v1/pets",
    "*",
  ])("refuses %s", (target) => {
    const request = incoming(target);
    expect(takeOriginForm(request)).toBe(false);
    expect(request.url).toBe(target);
  });

  it("refuses an absolute target when no Host header came", () => {
    expect(takeOriginForm(incoming("http://shop.example:3000/", null))).toBe(false);
  });

  it("lets OPTIONS * through", () => {
    expect(takeOriginForm(incoming("*", "shop.example:3000", "OPTIONS"))).toBe(true);
  });
});
