import { describe, expect, it } from "vitest";
import { encodeCursor } from "./cursor";
import { decodeOrderCursor, encodeOrderCursor } from "./order-cursor";
import { InvalidCursorError } from "@/lib/errors/store-errors";

describe("order cursors", () => {
  it("round-trip within the listing that issued them", () => {
    const filter = { status: "placed" as const, petId: 42 };
    expect(decodeOrderCursor(encodeOrderCursor(1234, filter), filter)).toBe(1234);
    expect(decodeOrderCursor(encodeOrderCursor(7, {}), {})).toBe(7);
  });

  it("are refused by a listing with other filters, and pet cursors are refused outright", () => {
    const cursor = encodeOrderCursor(9, { status: "placed" });
    expect(() => decodeOrderCursor(cursor, {})).toThrow(InvalidCursorError);
    expect(() => decodeOrderCursor(cursor, { status: "placed", petId: 1 })).toThrow(InvalidCursorError);
    expect(() => decodeOrderCursor(encodeCursor(9, undefined), {})).toThrow(InvalidCursorError);
    expect(() => decodeOrderCursor("garbage", {})).toThrow(InvalidCursorError);
  });
});
