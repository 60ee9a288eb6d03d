import fs from "node:fs";
import net from "node:net";
import { describe, expect, inject, it } from "vitest";
import { api, expectError, header } from "@/tests/api/support/api";

/**
 * Issue 7: methods Next's router cannot route got no JSON Error: TRACE a plain-text 500
 * and a stack trace in the log per request, PROPFIND, QUERY and the like an empty 400.
 * The api() client speaks node:http, which sends any method Node's parser knows.
 */

const UNROUTABLE = ["TRACE", "PROPFIND", "QUERY", "SEARCH", "LOCK", "MKCOL", "PURGE", "REPORT"];
const paths: [string, string][] = [
  ["/v1/pets", "GET, HEAD, POST, OPTIONS"],
  ["/v1/pets/", "GET, HEAD, POST, OPTIONS"],
  ["/v1/pets/1", "GET, HEAD, PATCH, OPTIONS"],
  ["/v1/pets/abc", "GET, HEAD, PATCH, OPTIONS"],
  ["/v1/openapi.json", "GET, HEAD, OPTIONS"],
];

describe("a method no /v1 route serves gets 405 method_not_allowed with Allow", () => {
  it.each(UNROUTABLE.flatMap((method) => paths.map(([path, allow]) => [method, path, allow])))(
    "%s %s",
    async (method, path, allow) => {
      const response = await api(path, { method, key: null, headers: { "x-request-id": "unroutable-1" } });
      expectError(response, 405, "method_not_allowed");
      expect(header(response, "allow")).toBe(allow);
      expect(header(response, "x-request-id")).toBe("unroutable-1");
    },
  );

  it.each(UNROUTABLE)("%s with a body and a key is still a 405", async (method) => {
    const response = await api("/v1/pets", { method, json: { name: "x", categoryId: 1 } });
    expectError(response, 405, "method_not_allowed");
  });

  it.each(["/v1", "/v1/", "/v1/nope", "/v1/pets/1/extra"])(
    "TRACE %s, a path /v1 does not have, is 404 not_found",
    async (path) => {
      expectError(await api(path, { method: "TRACE", key: null }), 404, "not_found");
    },
  );

  it("outside /v1, TRACE gets a bare 405 with Allow, not a 500", async () => {
    const response = await api("/", { method: "TRACE", key: null });
    expect(response.status).toBe(405);
    expect(header(response, "allow")).toBe("GET, HEAD");
  });

  it("the server logs no stack trace for any of them", () => {
    const log = fs.readFileSync(inject("serverLogFile"), "utf8");
    expect(log).not.toMatch(/HTTP method is unsupported|\n\s+at /);
  });
});

/** Sends raw bytes and returns the raw answer ("" when the server just closes). */
function rawExchange(text: string): Promise<string> {
  const url = new URL(inject("baseUrl"));
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(text));
    let received = "";
    socket.setTimeout(10_000, () => socket.destroy(new Error("no answer within 10 s")));
    socket.on("data", (chunk) => (received += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve(received));
  });
}

// docs/api.md ("Methods") lists these: Node's HTTP parser refuses them before any application code; the
// server's clientError hook answers with the JSON Error (decision 137), on both servers.
describe("requests Node answers before the application sees them", () => {
  it.each(["FOO", "TRACK", "get"])("a method Node's parser does not know (%s) gets a 400", async (method) => {
    const answer = await rawExchange(`${method} /v1/pets HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toMatch(/\r\nX-Request-Id: [0-9a-f-]{36}\r\n/);
    expect(answer).toContain('"code":"bad_request"');
  });

  it("CONNECT is closed without an answer", async () => {
    expect(await rawExchange("CONNECT /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n")).toBe("");
  });
});
