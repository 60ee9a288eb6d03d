import { afterEach, describe, expect, it, vi } from "vitest";
import { inspect } from "node:util";
import { IdSpaceExhaustedError, InvalidCursorError, StoreUnavailableError } from "@/lib/errors/store-errors";
import { ApiError } from "./api-error";
import { toApiError } from "./to-api-error";

describe("toApiError", () => {
  afterEach(() => vi.restoreAllMocks());

  it("passes deliberate API errors through", () => {
    const error = new ApiError(404, "not_found", "No pet has this id.");
    expect(toApiError(error, "r1")).toBe(error);
  });

  it("answers a forged cursor with 400 invalid_query naming cursor", () => {
    expect(toApiError(new InvalidCursorError(), "r1").toBody()).toEqual({
      code: "invalid_query",
      message: "Invalid query: cursor must be a cursor from a previous response's Link header.",
      status: 400,
      details: [{ field: "cursor", message: "must be a cursor from a previous response's Link header" }],
    });
  });

  it("answers a refused disk write with 503 store_unavailable and Retry-After, logging the cause", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const cause = Object.assign(new Error("no space left on device"), { code: "ENOSPC" });
    const error = toApiError(new StoreUnavailableError(cause), "r2");
    expect(error).toMatchObject({ status: 503, code: "store_unavailable", headers: { "Retry-After": "5" } });
    expect(log).toHaveBeenCalledWith("[r2] store unavailable:", "ENOSPC: no space left on device");
  });

  it("discloses nothing of an unexpected fault but the request id", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const error = toApiError(new TypeError("secret internals at /srv/app.js:12"), "r3");
    expect(error.toBody()).toEqual({
      code: "internal_error",
      message: "Something went wrong on our side (request r3).",
      status: 500,
    });
  });

  it("answers an id past 2^53-1 with 409 id_space_exhausted, logging nothing", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const error = toApiError(new IdSpaceExhaustedError("category"), "r4");
    expect(error).toMatchObject({ status: 409, code: "id_space_exhausted" });
    expect(error.message).toContain("free `id`");
    expect(log).not.toHaveBeenCalled();
  });

  it("logs a database fault without the row it quotes", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const fault = Object.assign(new Error('new row for relation "pets" violates check constraint "x"'), {
      code: "23514",
      constraint: "x",
      detail: "Failing row contains (7, Secret name, 1, available).",
      where: "SQL statement quoting Secret name",
    });
    toApiError(fault, "r5");
    const logged = inspect(log.mock.calls[0]?.[1]);
    expect(logged).toContain("violates check constraint");
    expect(logged).toContain("23514");
    expect(logged).not.toContain("Secret");
  });
});
