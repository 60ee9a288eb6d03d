import { describe, expect, inject, it } from "vitest";
import { expectError, header, rawRequest, validKey } from "@/tests/api/support/api";

/**
 * Issue 20, findings 11 and 12: requests Node's parser refuses, and absolute-form targets,
 * on both servers (docs/decisions/137-parse-errors-and-absolute-targets.md).
 */
const host = () => new URL(inject("baseUrl")).host;

function request(line: string, headers = ""): string {
  return `${line}\r\nHost: ${host()}\r\n${headers}Connection: close\r\n\r\n`;
}

describe("a request Node's parser refuses (finding 12)", () => {
  it.each([
    ["an unknown method token", "FOO /v1/pets HTTP/1.1"],
    ["a version that is not HTTP/1.x", "GET /v1/pets HTTP/X.Y"],
    ["a space in the target", "GET /v1/pets /x HTTP/1.1"],
  ])("%s is the JSON 400 bad_request with a request id", async (_label, line) => {
    const response = await rawRequest(request(line), { skipOperationCheck: true });
    expectError(response, 400, "bad_request");
    expect(header(response, "x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(header(response, "x-content-type-options")).toBe("nosniff");
    expect(header(response, "connection")).toBe("close");
  });

  it("a header line with no colon is the JSON 400 too", async () => {
    const response = await rawRequest(`GET /v1/pets HTTP/1.1\r\nHost: ${host()}\r\nNoColonHere\r\n\r\n`, {
      skipOperationCheck: true,
    });
    expectError(response, 400, "bad_request");
  });
});

describe("absolute-form request targets (finding 11)", () => {
  it.each(["http://evil.example/", "http://evil.example/staff", "http://evil.example/v1/pets?limit=1"])(
    "%s, for a host other than Host, is refused with a 400, never a redirect",
    async (target) => {
      const response = await rawRequest(request(`GET ${target} HTTP/1.1`), { skipOperationCheck: true });
      expect(response.status, response.text).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.text).not.toContain("evil.example");
      if (target.includes("/v1")) expectError(response, 400, "bad_request");
    },
  );

  it("one for this very host is served as its path (RFC 9112 §3.2.2)", async () => {
    const response = await rawRequest(
      request(`GET http://${host()}/v1/pets?limit=1 HTTP/1.1`, `Authorization: Bearer ${validKey()}\r\n`),
    );
    expect(response.status, response.text).toBe(200);
    expect(Array.isArray(response.json)).toBe(true);
  });

  it("a page for this very host too", async () => {
    const response = await rawRequest(request(`GET http://${host()}/staff HTTP/1.1`), { skipOperationCheck: true });
    expect(response.status).toBe(200);
    expect(response.headers.location).toBeUndefined();
  });
});
