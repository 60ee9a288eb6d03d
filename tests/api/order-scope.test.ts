import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { issueTestKey } from "@/tests/api/support/issued-keys";
import { createPet } from "@/tests/api/support/pets";

/**
 * Issue 20, finding 10 (docs/decisions/133): a key that may place orders but not read pets
 * learns nothing about a pet from a refused order: not its status (no `currentStatus`, no
 * status in the message), not whether it exists (an unknown petId answers the same 409).
 */
it("withholds a pet's status and existence from a key without pets:read, and shows them to one with it", async () => {
  const { key } = await issueTestKey("orders only", ["orders:write"]);
  await sleep(600); // the server's copy of the issued keys is at most 500 ms old
  const sold = await createPet({ status: "sold" });
  const order = (petId: number, withKey?: string) =>
    api("/v1/store/orders", { json: { petId, adopter: "Eve" }, ...(withKey ? { key: withKey } : {}) });

  const refused = await order(sold.id, key);
  expect(refused.status).toBe(409);
  expect(refused.json.code).toBe("pet_not_available");
  expect(refused.json).not.toHaveProperty("currentStatus");
  expect(refused.text).not.toMatch(/sold|pending/);

  const unknown = await order(9_007_199_254_740_000, key);
  expect(unknown.status).toBe(409);
  expect(unknown.json).toEqual(refused.json);

  const available = await createPet();
  expect((await order(available.id, key)).status).toBe(201);
  const pending = await order(available.id, key);
  expect(pending.json).toEqual(refused.json);

  // A key with pets:read is told what it could read anyway.
  expect((await order(sold.id)).json).toMatchObject({ code: "pet_not_available", currentStatus: "sold" });
  expect((await order(9_007_199_254_740_000)).status).toBe(422);
});
