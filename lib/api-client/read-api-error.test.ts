import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { apiErrorFrom, isUnauthorized } from "./read-api-error";

describe("apiErrorFrom", () => {
  it("rebuilds the API's Error body, details included, as the shared ApiError", () => {
    const body = {
      code: "invalid_body",
      message: "Invalid pet",
      status: 400,
      details: [{ field: "name", message: "must not be empty" }],
    };
    const error = apiErrorFrom(400, body);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.toBody()).toEqual(body);
  });

  it("calls an answer that is not an Error body unreadable, keeping its status", () => {
    for (const body of ["<h1>Bad gateway</h1>", undefined, null]) {
      const error = apiErrorFrom(502, body);
      expect([error.status, error.code, error.message]).toEqual([502, "unreadable_response", "The API answered 502"]);
      expect(error.details).toEqual([]);
    }
  });

  it("keeps only well-formed details", () => {
    const body = {
      code: "invalid_body",
      message: "x",
      status: 400,
      details: [{ field: "name" }, { field: "status", message: "bad" }, 7],
    };
    expect(apiErrorFrom(400, body).details).toEqual([{ field: "status", message: "bad" }]);
  });

  it("keeps the currentStatus of a conflict", () => {
    const body = { code: "pet_not_available", message: "taken", status: 409, currentStatus: "pending" };
    expect(apiErrorFrom(409, body).currentStatus).toBe("pending");
  });

  it("recognises a 401 from either side", () => {
    expect(isUnauthorized(apiErrorFrom(401, {}))).toBe(true);
    expect(isUnauthorized(new ApiError(401, "unauthorized", "no key"))).toBe(true);
    expect(isUnauthorized(new Error("401"))).toBe(false);
  });
});

describe("apiErrorFrom on a 429", () => {
  const body = {
    code: "rate_limited",
    message: "Too many failed authentications from this address; retry in 42 s.",
    status: 429,
  };

  it("says in words that the address is blocked, that nothing changed, and when it ends", () => {
    const headers = new Headers({ "Retry-After": "42", RateLimit: '"failed-auth";r=0;t=42' });
    const error = apiErrorFrom(429, body, headers);
    expect(error.code).toBe("rate_limited");
    expect(error.message).toMatch(/^Too many failed sign-ins came from this address/);
    expect(error.message).toContain("Nothing was changed.");
    expect(error.message).toMatch(/Try again in 42 s \(at .+\)\.$/);
  });

  it("names the per-key limit as the key's own pace", () => {
    const headers = new Headers({ "Retry-After": "7", RateLimit: '"per-key";r=0;t=7' });
    expect(apiErrorFrom(429, body, headers).message).toMatch(/^This key made more requests .* Try again in 7 s/);
  });

  it("keeps the API's message when the answer carries neither field", () => {
    expect(apiErrorFrom(429, body, new Headers()).message).toBe(body.message);
    expect(apiErrorFrom(429, body).message).toBe(body.message);
  });
});
