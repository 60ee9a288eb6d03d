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
