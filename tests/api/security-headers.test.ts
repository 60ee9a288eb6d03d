import { describe, expect, inject, it } from "vitest";
import { api, header, rawRequest, type ApiResponse } from "@/tests/api/support/api";

/**
 * Every HTML answer carries the whole security-header set, whatever shape the request
 * has: router and browser prefetches, and 404 pages whose path merely starts like one
 * the proxy skips. The API and /healthz stay out of the proxy (no CSP on them).
 */

const STATIC_HEADERS = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cross-origin-opener-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=(), payment=()",
};

/**
 * `scripted`: the page must carry scripts, so the nonce check below is not vacuous. App
 * Router pages always do; the gallery carries its one script only when there is more to show
 * (docs/decisions/107, tests/api/adopters-pages.test.ts). Returns the CSP.
 */
function expectFullSet(response: ApiResponse, { scripted = true } = {}): string {
  const context = `${response.method} ${response.path} (${response.status})`;
  expect(response.headers["content-type"], context).toMatch(/^text\/html/);
  for (const [name, value] of Object.entries(STATIC_HEADERS))
    expect(response.headers[name], `${context}: ${name}`).toBe(value);

  const policies = response.rawHeaders.filter(
    (_, i) => i % 2 === 0 && response.rawHeaders[i]!.toLowerCase() === "content-security-policy",
  );
  expect(policies, `${context}: exactly one Content-Security-Policy`).toHaveLength(1);
  const csp = header(response, "content-security-policy");
  for (const directive of [
    "default-src 'self'",
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ]) {
    expect(csp, context).toContain(directive);
  }
  const nonce = /script-src 'self' 'nonce-([^']+)' 'strict-dynamic'/.exec(csp)?.[1];
  expect(nonce, `${context}: script-src with a nonce`).toBeDefined();
  // The policy fits the page: every script Next rendered carries this response's nonce.
  const scripts = [...response.text.matchAll(/<script\b[^>]*>/g)].map((match) => match[0]);
  if (scripted) expect(scripts.length, context).toBeGreaterThan(0);
  for (const script of scripts) expect(script, context).toContain(`nonce="${nonce}"`);
  return csp;
}

const PREFETCHES: [string, Record<string, string>][] = [
  ["Purpose: prefetch", { purpose: "prefetch" }],
  ["Sec-Purpose: prefetch", { "sec-purpose": "prefetch" }],
  ["Next-Router-Prefetch: 1", { "next-router-prefetch": "1" }],
];

describe("security headers on every HTML answer", () => {
  it.each(["/", "/staff", "/docs", "/docs/deprecations"])("%s, a plain request", async (path) => {
    const response = await api(path, { key: null });
    expect(response.status).toBe(200);
    expectFullSet(response, { scripted: path !== "/" });
  });

  // The API reference (Scalar) sets inline style attributes: decision 103.
  it("relaxes styles on /docs alone, and never scripts", async () => {
    const docs = expectFullSet(await api("/docs", { key: null }));
    expect(docs).toContain("style-src 'self' 'unsafe-inline';");
    expect(docs).not.toContain("unsafe-eval");
    expect(docs).toContain("connect-src 'self'");
    for (const path of ["/", "/staff", "/docs/deprecations", "/docs-nope"]) {
      const response = await api(path, { key: null });
      const csp = header(response, "content-security-policy");
      expect(csp, path).toMatch(/style-src 'self' 'nonce-[^']+';/);
      expect(csp, path).not.toContain("unsafe-inline");
    }
  });

  describe.each(["/", "/staff", "/docs"])("%s, prefetched", (path) => {
    it.each(PREFETCHES)("with %s", async (_, headers) => {
      const response = await api(path, { key: null, headers });
      expect(response.status).toBe(200);
      expectFullSet(response, { scripted: path !== "/" });
    });
  });

  it.each([
    "/healthz-nope",
    "/healthz/x",
    "/icon-anything",
    "/icon.svg.bak",
    "/favicon.x",
    "/favicon.ico",
    "/v1nope",
    "/_next/staticky",
    "/no-such-page",
  ])("the 404 page at %s", async (path) => {
    // The api suite's /v1 checks go by prefix; /v1nope is a page, not under /v1.
    const response = await api(path, {
      key: null,
      unchecked: path === "/v1nope" ? "a page path, not under /v1/" : undefined,
    });
    expect(response.status).toBe(404);
    expectFullSet(response);
  });

  it("gives each answer its own nonce", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) nonces.add(header(await api("/", { key: null }), "content-security-policy"));
    expect(nonces.size).toBe(3);
  });

  it("keeps the proxy off the API and /healthz (no per-request policy there)", async () => {
    for (const path of ["/v1/pets?limit=1", "/v1/openapi.json", "/healthz", "/healthz/"]) {
      const response = await api(path);
      expect(response.status, path).toBe(200);
      expect(response.headers["content-security-policy"], path).toBeUndefined();
    }
  });
});

// Finding 7 of issue 20: the static set is one definition (lib/static-security-headers.json),
// sent by Next (next.config.js) and by the front server's /v1 answers alike.
describe("security headers on every API answer", () => {
  it.each([
    ["/v1/pets?limit=1", 200, {}],
    ["/v1/openapi.json", 200, {}],
    ["/v1/no-such-route", 404, {}],
    ["/v1/pets", 401, { key: null }],
    ["/healthz", 200, {}],
  ] as const)("%s (%i)", async (path, status, options) => {
    const response = await api(path, options);
    expect(response.status, path).toBe(status);
    for (const [name, value] of Object.entries(STATIC_HEADERS))
      expect(response.headers[name], `${path}: ${name}`).toBe(value);
  });

  // The front server's own answer; under `next start` Next's router redirects such a path.
  it.runIf(inject("server") === "front")("on the JSON 400 for a target that makes no URL", async () => {
    const response = await rawRequest("GET /v1/pets\\..\\x HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", {
      skipOperationCheck: true,
    });
    expect(response.status).toBe(400);
    for (const [name, value] of Object.entries(STATIC_HEADERS)) expect(response.headers[name], name).toBe(value);
  });
});
