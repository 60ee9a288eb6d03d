import { afterEach, describe, expect, it, vi } from "vitest";
import { inspect } from "node:util";
import { IdSpaceExhaustedError, InvalidCursorError, StoreUnavailableError } from "@/lib/errors/store-errors";
import { PetHeldByOrderError, PetNotAvailableError, PetNotFoundError } from "@/lib/pets/pet-errors";
import { PetVersionMismatchError } from "@/lib/errors/store-errors";
import { OrderConflictError, OrderNotFoundError } from "@/lib/orders/order-store";
import { CategoryExistsError } from "@/lib/categories/category-store";
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

  it("answers the pets', orders' and categories' refusals as their declarations say (docs/decisions/315)", () => {
    const answer = (error: Error) => {
      const answered = toApiError(error, "r4");
      return { ...answered.toBody(), statusCode: answered.status, headers: answered.headers };
    };
    expect(answer(new PetNotAvailableError("pending"))).toEqual({
      code: "pet_not_available",
      message: "The pet is pending, not available: someone else reserved or adopted it first.",
      status: 409,
      currentStatus: "pending",
      statusCode: 409,
      headers: undefined,
    });
    expect(answer(new OrderConflictError("delivered", "cancelled"))).toMatchObject({
      code: "order_status_conflict",
      message: "The order is delivered now, so it cannot become cancelled.",
      status: 409,
      currentStatus: "delivered",
    });
    expect(answer(new PetHeldByOrderError(7))).toMatchObject({ code: "pet_held_by_order", status: 409 });
    expect(answer(new PetVersionMismatchError(7))).toMatchObject({ code: "precondition_failed", status: 412 });
    expect(answer(new PetNotFoundError(7))).toEqual({
      code: "unknown_pet",
      message: "No pet has this petId.",
      status: 422,
      details: [{ field: "petId", message: "names no pet" }],
      statusCode: 422,
      headers: undefined,
    });
    expect(answer(new OrderNotFoundError(7))).toMatchObject({
      code: "not_found",
      message: "No order has this id.",
      status: 404,
    });
    expect(answer(new CategoryExistsError(3))).toMatchObject({
      code: "category_exists",
      message: "Category 3 exists already; rename it instead.",
      status: 409,
    });
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
