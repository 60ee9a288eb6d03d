import { describe, expect, it } from "vitest";
import { ordersViewHref, parseOrdersView } from "./orders-view";

describe("orders view in the URL", () => {
  it("reads a known status and page size", () => {
    expect(parseOrdersView(new URLSearchParams("status=approved&limit=50"))).toEqual({
      status: "approved",
      limit: 50,
    });
  });

  it("falls back to all orders and 20 per page for unknown values", () => {
    expect(parseOrdersView(new URLSearchParams("status=sold&limit=1e2"))).toEqual({ status: undefined, limit: 20 });
  });

  it("writes the defaults as the plain path and round-trips the rest", () => {
    expect(ordersViewHref({ limit: 20 })).toBe("/staff/orders");
    const href = ordersViewHref({ status: "placed", limit: 100 });
    expect(href).toBe("/staff/orders?status=placed&limit=100");
    expect(parseOrdersView(new URL(href, "http://x").searchParams)).toEqual({ status: "placed", limit: 100 });
  });
});
