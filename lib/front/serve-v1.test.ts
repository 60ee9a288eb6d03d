import { describe, expect, it } from "vitest";
import { isV1Target, serveV1 } from "./serve-v1";

describe("which requests the front server answers itself", () => {
  it.each(["/v1", "/v1/", "/v1/pets", "/v1?x=1", "/v1/pets/1?limit=2"])("%s is /v1", (target) => {
    expect(isV1Target(target)).toBe(true);
  });

  it.each([
    "/",
    "/v10",
    "/v1pets",
    "/v1.json",
    "/staff",
    "/healthz",
    "/gallery/pets",
    "/_next/static/x.js",
    "http://host/v1/pets",
  ])("%s goes to Next", (target) => {
    expect(isV1Target(target)).toBe(false);
  });
});

describe("serving /v1 without a store or a key", () => {
  const serve = async (path: string, method = "GET") => {
    const response = await serveV1(new Request(`http://localhost${path}`, { method }));
    return { status: response.status, json: await response.json(), requestId: response.headers.get("x-request-id") };
  };

  it("a malformed percent-escape is the JSON 400", async () => {
    expect((await serve("/v1/pets/%zz")).json.code).toBe("invalid_path");
  });

  it("an unknown path is the JSON 404, whatever the method", async () => {
    for (const method of ["GET", "POST", "PROPFIND"])
      expect((await serve("/v1/nope/", method)).json.code).toBe("not_found");
  });

  it("a method the route does not serve is the JSON 405, with a request id", async () => {
    const answer = await serve("/v1/pets/", "PROPFIND");
    expect(answer.status).toBe(405);
    expect(answer.json.code).toBe("method_not_allowed");
    expect(answer.requestId).toBeTruthy();
  });
});

describe("answers that wait for nothing", () => {
  // Every promise costs each request while Next's async context tracking runs (lib/maybe-promise.ts).
  it.each([
    ["OPTIONS", "/v1/pets"],
    ["PROPFIND", "/v1/pets"],
    ["GET", "/v1/nope"],
    ["GET", "/v1/pets/%zz"],
  ])("%s %s is answered at once, not as a promise", (method, path) => {
    const answer = serveV1(new Request(`http://localhost${path}`, { method }));
    expect(answer).toBeInstanceOf(Response);
  });
});
