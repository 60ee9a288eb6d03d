import { describe, expect, it } from "vitest";
import { newRequestId, requestIdFrom } from "./request-id";

describe("request ids", () => {
  it("are version 4 UUIDs, none repeated across refills of the random bytes", () => {
    const ids = Array.from({ length: 600 }, newRequestId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("echo a tame id from the caller and replace anything else", () => {
    expect(requestIdFrom("trace-42")).toBe("trace-42");
    expect(requestIdFrom("two words")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFrom(null)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
