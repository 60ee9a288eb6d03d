import { describe, expect, it } from "vitest";
import { parseStaffView, staffViewHref } from "./staff-view";

const parse = (query: string) => parseStaffView(new URLSearchParams(query));

describe("staff view in the URL", () => {
  it("defaults to every status, 20 per page", () => {
    expect(parse("")).toEqual({ status: undefined, limit: 20 });
  });

  it("reads a status and a page size", () => {
    expect(parse("status=pending&limit=50")).toEqual({ status: "pending", limit: 50 });
  });

  it("ignores values the list does not offer", () => {
    expect(parse("status=lost&limit=33")).toEqual({ status: undefined, limit: 20 });
    expect(parse("limit=1e2")).toEqual({ status: undefined, limit: 20 });
  });

  it("writes the shortest URL for a view", () => {
    expect(staffViewHref({ limit: 20 })).toBe("/staff");
    expect(staffViewHref({ status: "sold", limit: 100 })).toBe("/staff?status=sold&limit=100");
  });

  it("round-trips", () => {
    const view = { status: "available", limit: 50 } as const;
    expect(parse(staffViewHref(view).split("?")[1] ?? "")).toEqual(view);
  });
});
