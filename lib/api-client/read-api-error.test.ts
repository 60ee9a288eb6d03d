import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { isUnauthorized, readApiError } from "./read-api-error";

describe("readApiError", () => {
  it("rebuilds the API's Error body, details included, as the shared ApiError", async () => {
    const body = {
      code: "invalid_body",
      message: "Invalid pet",
      status: 400,
      details: [{ field: "name", message: "must not be empty" }],
    };
    const error = await readApiError(Response.json(body, { status: 400 }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.toBody()).toEqual(body);
  });

  it("calls an answer that is not an Error body unreadable, keeping its status", async () => {
    const error = await readApiError(new Response("<h1>Bad gateway</h1>", { status: 502 }));
    expect([error.status, error.code, error.message]).toEqual([502, "unreadable_response", "The API answered 502"]);
    expect(error.details).toEqual([]);
  });

  it("keeps only well-formed details", async () => {
    const body = {
      code: "invalid_body",
      message: "x",
      status: 400,
      details: [{ field: "name" }, { field: "status", message: "bad" }, 7],
    };
    expect((await readApiError(Response.json(body, { status: 400 }))).details).toEqual([
      { field: "status", message: "bad" },
    ]);
  });

  it("recognises a 401 from either side", async () => {
    expect(isUnauthorized(await readApiError(Response.json({}, { status: 401 })))).toBe(true);
    expect(isUnauthorized(new ApiError(401, "unauthorized", "no key"))).toBe(true);
    expect(isUnauthorized(new Error("401"))).toBe(false);
  });
});
