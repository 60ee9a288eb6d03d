import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { showPetStatus } from "./order-queries";
import { petKeys } from "./query-keys";

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
