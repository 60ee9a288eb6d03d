import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { showOrderStatus, showPetStatus } from "./order-queries";
import { orderKeys, petKeys } from "./query-keys";

describe("showPetStatus", () => {
  it("rewrites the cached staff lists only, leaving the signed-in key's details alone", async () => {
    const client = new QueryClient();
    const me = { name: "staff", scopes: ["pets:read", "orders:write"], expiresAt: null };
    const pets = [{ id: 7, name: "Rex", categoryId: 1, status: "available" as const }];
    client.setQueryData(petKeys.staffMe(), me);
    client.setQueryData(petKeys.staffList({ limit: 20 }), { pages: [{ pets }], pageParams: [undefined] });

    const undo = await showPetStatus(client, 7, "pending");
    expect(client.getQueryData(petKeys.staffMe())).toEqual(me);
    expect(client.getQueryData(petKeys.staffList({ limit: 20 }))).toMatchObject({
      pages: [{ pets: [{ id: 7, status: "pending" }] }],
    });

    undo();
    expect(client.getQueryData(petKeys.staffList({ limit: 20 }))).toMatchObject({
      pages: [{ pets: [{ id: 7, status: "available" }] }],
    });
  });
});

describe("showOrderStatus", () => {
  it("rewrites the order in every cached orders list and puts it back on undo", async () => {
    const client = new QueryClient();
    const order = {
      id: 3,
      petId: 7,
      adopter: "Ada",
      status: "placed" as const,
      placedAt: "2026-11-22T06:00:00.000Z",
      updatedAt: "2026-11-22T06:00:00.000Z",
    };
    const open = orderKeys.openFor(7);
    client.setQueryData(open, order);
    for (const view of [{ limit: 20 }, { status: "placed" as const, limit: 50 }]) {
      client.setQueryData(orderKeys.list(view), { pages: [{ orders: [order] }], pageParams: [undefined] });
    }

    const undo = await showOrderStatus(client, 3, "approved");
    expect(client.getQueryData(orderKeys.list({ limit: 20 }))).toMatchObject({
      pages: [{ orders: [{ id: 3, status: "approved" }] }],
    });
    expect(client.getQueryData(orderKeys.list({ status: "placed", limit: 50 }))).toMatchObject({
      pages: [{ orders: [{ id: 3, status: "approved" }] }],
    });
    // A pet's open order is no list: left for the pets console's own bookkeeping.
    expect(client.getQueryData(open)).toEqual(order);

    undo();
    expect(client.getQueryData(orderKeys.list({ limit: 20 }))).toMatchObject({
      pages: [{ orders: [{ id: 3, status: "placed" }] }],
    });
  });
});
