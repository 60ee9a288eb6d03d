import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { installMethodGuard } from "./method-guard";

// A stand-in for Next's server: records which requests reached it.
const reached: string[] = [];
const server = http.createServer((request, response) => {
  reached.push(`${request.method} ${request.url}`);
  response.end("app");
});
let port: number;

beforeAll(async () => {
  installMethodGuard();
  installMethodGuard(); // a second install must not wrap twice
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

function send(
  method: string,
  path: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, agent: false }, (response) => {
      let body = "";
      response.on("data", (chunk) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("installMethodGuard", () => {
  it.each(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])("lets %s through to the server", async (method) => {
    reached.length = 0;
    expect((await send(method, "/v1/pets")).body).toBe("app");
    expect(reached).toEqual([`${method} /v1/pets`]);
  });

  it("answers TRACE under /v1 itself with the JSON Error and Allow", async () => {
    reached.length = 0;
    const response = await send("TRACE", "/v1/pets/7?x=1");
    expect(reached).toEqual([]);
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe("GET, HEAD, PATCH, OPTIONS");
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(response.body)).toEqual({
      code: "method_not_allowed",
      message: "TRACE is not allowed here; use GET, HEAD, PATCH, OPTIONS.",
      status: 405,
    });
  });

  it("answers 404 for a path /v1 does not have, and a bare 405 outside /v1", async () => {
    expect((await send("PROPFIND", "/v1/nope")).status).toBe(404);
    const page = await send("QUERY", "/staff");
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe("GET, HEAD");
    expect(page.body).toBe("");
    expect(reached).toEqual([]);
  });
});
