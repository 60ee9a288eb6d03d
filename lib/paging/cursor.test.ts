import { describe, expect, it } from "vitest";
import { PET_STATUSES } from "@/lib/pets/schemas";
import { decodeCursor, encodeCursor } from "./cursor";
import { InvalidCursorError } from "@/lib/errors/store-errors";

describe("cursors", () => {
  const filters = [undefined, ...PET_STATUSES];

  it("round-trip the last id for the listing that issued them, and stay short and URL-safe", () => {
    for (const status of filters) {
      for (const id of [1, 36, 987_654_321, Number.MAX_SAFE_INTEGER]) {
        const cursor = encodeCursor(id, status);
        expect(cursor).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
        expect(decodeCursor(cursor, status)).toBe(id);
      }
    }
  });

  it("are refused by a listing with another status filter", () => {
    for (const issuedFor of filters) {
      for (const usedFor of filters.filter((status) => status !== issuedFor)) {
        expect(() => decodeCursor(encodeCursor(7, issuedFor), usedFor)).toThrow(InvalidCursorError);
      }
    }
  });

  it.each([
    ["the first release's unbound format", Buffer.from("p1.7").toString("base64url")],
    ["an unknown filter", Buffer.from("p2.all.7").toString("base64url")],
    ["id 0", Buffer.from("p2.*.0").toString("base64url")],
    ["a leading zero", Buffer.from("p2.*.07").toString("base64url")],
    ["an id past 2^53", Buffer.from("p2.*.zzzzzzzzzzz").toString("base64url")],
    ["base64 padding", `${encodeCursor(7, undefined)}=`],
  ])("refuse %s", (_, cursor) => {
    expect(() => decodeCursor(cursor, undefined)).toThrow(InvalidCursorError);
  });
});
