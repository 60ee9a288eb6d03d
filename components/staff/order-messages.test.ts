import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { orderFailureMessage } from "./order-messages";

describe("orderFailureMessage", () => {
  it("says someone else was first, and the current status, on a 409", () => {
    const taken = new ApiError(409, "pet_not_available", "x", undefined, undefined, "pending");
    expect(orderFailureMessage(taken, "reserve Rex")).toBe(
      "Could not reserve Rex: someone else changed this pet first. It is pending now.",
    );
    const moved = new ApiError(409, "order_status_conflict", "x", undefined, undefined, "cancelled");
    expect(orderFailureMessage(moved, "approve Rex's adoption")).toContain("this order first. It is cancelled now.");
  });

  it("passes other failures' messages on", () => {
    expect(orderFailureMessage(new ApiError(503, "store_unavailable", "Retry later."), "reserve Rex")).toBe(
      "Could not reserve Rex: Retry later.",
    );
  });

  it("says in plain words when the server cannot be reached, and that nothing changed", () => {
    expect(orderFailureMessage(new TypeError("Failed to fetch"), "reserve Rex")).toBe(
      "Could not reserve Rex: the server cannot be reached. Nothing was changed; try again once it is back.",
    );
  });
});
