import fs from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { createPet } from "@/tests/api/support/pets";

/** Issue 22, item 3: staff's note on an order, set when placing and changed afterwards (decision 156). */

const place = async (body: Record<string, unknown>) => {
  const pet = await createPet();
  return api("/v1/store/orders", { json: { petId: pet.id, adopter: "Ada Lovelace", ...body } });
};
const patch = (id: number, body: unknown) => api(`/v1/store/orders/${id}`, { method: "PATCH", json: body });

describe("a note on an order", () => {
  it("is kept when placing, shown by getOrder and the listing, and absent when none was given", async () => {
    const placed = await place({ note: "  Collects on Saturday\nHas a cat already  " });
    expect(placed.status, placed.text).toBe(201);
    expect(placed.json.note).toBe("Collects on Saturday\nHas a cat already");
    expect((await api(`/v1/store/orders/${placed.json.id}`)).json.note).toBe(placed.json.note);
    const listed = await api(`/v1/store/orders?petId=${placed.json.petId}`);
    expect(listed.json[0].note).toBe(placed.json.note);
    const plain = await place({});
    expect("note" in plain.json).toBe(false);
  });

  it("is changed or removed by the order's PATCH, alone or with a transition, and updatedAt moves", async () => {
    const order = (await place({})).json;
    const noted = await patch(order.id, { note: "Phoned twice" });
    expect(noted.status, noted.text).toBe(200);
    expect(noted.json).toMatchObject({ status: "placed", note: "Phoned twice" });
    expect(Date.parse(noted.json.updatedAt)).toBeGreaterThanOrEqual(Date.parse(order.updatedAt));
    const both = await patch(order.id, { status: "approved", note: "Approved by Sam" });
    expect(both.json).toMatchObject({ status: "approved", note: "Approved by Sam" });
    const refused = await patch(order.id, { status: "placed", note: "Lost" });
    expect(refused.status).toBe(409);
    expect((await api(`/v1/store/orders/${order.id}`)).json.note).toBe("Approved by Sam");
    const removed = await patch(order.id, { note: null });
    expect("note" in removed.json).toBe(false);
    // A note-only change leaves the pet alone.
    expect((await api(`/v1/pets/${order.petId}`)).json.status).toBe("pending");
  });

  it("refuses a note over 500 characters, control characters, other types and an empty change, never echoing it", async () => {
    const secret = `Jo Example 0123 456 789 ${"x".repeat(480)}`;
    const tooLong = await place({ note: secret });
    expect(tooLong.status).toBe(400);
    expect(tooLong.json).toMatchObject({ code: "invalid_body", details: [{ field: "note" }] });
    expect(tooLong.text).not.toContain("Jo Example");
    expect((await place({ note: "a\u0007b" })).json.details).toEqual([expect.objectContaining({ field: "note" })]);
    expect((await place({ note: 5 })).status).toBe(400);
    const order = (await place({ note: "x".repeat(500) })).json;
    expect(order.note).toHaveLength(500);
    expect((await patch(order.id, {})).status).toBe(400);
    expect((await patch(order.id, { note: secret })).text).not.toContain("Jo Example");
  });

  it("is never logged", async () => {
    const note = `Call Jo Example on 0123 ${Date.now()}`;
    const placed = await place({ note });
    expect(placed.status).toBe(201);
    await patch(placed.json.id, { note: `${note} again` });
    await patch(placed.json.id, { note: `${note}\u0007` }); // refused: the error path
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.readFileSync(inject("serverLogFile"), "utf8")).not.toContain(note);
  });
});
