import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-error";
import { isServerUnreachable } from "./server-unreachable";

describe("isServerUnreachable", () => {
  it("is true for fetch's network failure only", () => {
    expect(isServerUnreachable(new TypeError("Failed to fetch"))).toBe(true);
    expect(isServerUnreachable(new ApiError(503, "store_unavailable", "down"))).toBe(false);
    expect(isServerUnreachable(new Error("other"))).toBe(false);
    expect(isServerUnreachable(undefined)).toBe(false);
  });
});
