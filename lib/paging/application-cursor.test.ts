import { describe, expect, it } from "vitest";
import { InvalidCursorError } from "@/lib/errors/store-errors";
import { decodeApplicationCursor, encodeApplicationCursor } from "./application-cursor";
import { encodeOrderCursor } from "./order-cursor";

describe("application cursors", () => {
  it("round-trip within the listing that issued them", () => {
    const filter = { state: "in_review" as const, petId: 42, submittedBefore: "2026-11-20T10:00:00.000Z" };
    expect(decodeApplicationCursor(encodeApplicationCursor(1234, filter), filter)).toBe(1234);
    expect(decodeApplicationCursor(encodeApplicationCursor(7, {}), {})).toBe(7);
  });

  it("are refused by a listing with any other filter, and other listings' cursors outright", () => {
    const cursor = encodeApplicationCursor(9, { state: "submitted", submittedBefore: "2026-11-20T10:00:00.000Z" });
    expect(() => decodeApplicationCursor(cursor, { state: "submitted" })).toThrow(InvalidCursorError);
    const otherTime = { state: "submitted" as const, submittedBefore: "2026-11-21T10:00:00.000Z" };
    expect(() => decodeApplicationCursor(cursor, otherTime)).toThrow(InvalidCursorError);
    expect(() => decodeApplicationCursor(cursor, { submittedBefore: "2026-11-20T10:00:00.000Z" })).toThrow(
      InvalidCursorError,
    );
    expect(() => decodeApplicationCursor(encodeOrderCursor(9, {}), {})).toThrow(InvalidCursorError);
    expect(() => decodeApplicationCursor("garbage", {})).toThrow(InvalidCursorError);
  });
});
