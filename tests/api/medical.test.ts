import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { api, expectError, header } from "@/tests/api/support/api";
import { createPet, uniqueName } from "@/tests/api/support/pets";

interface Item {
  id: number;
  name: string;
  kind: string;
  repeatEvery?: { count: number; unit: string };
}

async function addItem(body: Record<string, unknown>): Promise<Item> {
  const response = await api("/v1/medical/items", { json: { name: uniqueName("item"), ...body } });
  expect(response.status, response.text).toBe(201);
  return response.json as Item;
}
const rabies = () => addItem({ kind: "vaccination", repeatEvery: { count: 1, unit: "years" } });

/** A key issued through the keys API, holding only `scopes`. */
async function keyWith(...scopes: string[]): Promise<string> {
  const response = await api("/v1/keys", { json: { name: uniqueName("medical-key"), scopes } });
  expect(response.status, response.text).toBe(201);
  return response.json.secret as string;
}

/** The events of `type` about `match`, once the log has them. */
async function eventsOf(type: string, match: (object: Record<string, unknown>) => boolean, count = 1) {
  let found: { type: string; data: Record<string, unknown> & { object: Record<string, unknown> } }[] = [];
  for (let attempt = 0; attempt < 50 && found.length < count; attempt++) {
    if (attempt > 0) await sleep(100);
    let next: string | undefined = `/v1/events?type=${type}&limit=100`;
    found = [];
    while (next) {
      const page = await api(next);
      expect(page.status, page.text).toBe(200);
      found.push(...(page.json as typeof found).filter((event) => match(event.data.object)));
      const link = page.json.length === 100 ? header(page, "link") : "";
      next = /<([^>]+)>/.exec(link)?.[1];
    }
  }
  return found;
}

describe("the shelter's medical list", () => {
  it("adds, lists and changes items; an unknown item is a 404 and a bad id a 400", async () => {
    const item = await addItem({ kind: "vaccination", repeatEvery: { count: 1, unit: "years" } });
    expect(item).toMatchObject({ kind: "vaccination", repeatEvery: { count: 1, unit: "years" } });
    const listed = await api("/v1/medical/items");
    expect(listed.status).toBe(200);
    expect(listed.json).toContainEqual(item);

    const changed = await api(`/v1/medical/items/${item.id}`, {
      method: "PATCH",
      json: { name: "Rabies (3-year)", repeatEvery: { count: 3, unit: "years" } },
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.json).toEqual({ ...item, name: "Rabies (3-year)", repeatEvery: { count: 3, unit: "years" } });
    const once = await api(`/v1/medical/items/${item.id}`, {
      method: "PATCH",
      contentType: "application/merge-patch+json",
      json: { repeatEvery: null },
    });
    expect(once.json).toEqual({ id: item.id, name: "Rabies (3-year)", kind: "vaccination" });

    expectError(await api("/v1/medical/items/8999999999", { method: "PATCH", json: { name: "X" } }), 404, "not_found");
    expectError(await api("/v1/medical/items/x", { method: "PATCH", json: { name: "X" } }), 400, "invalid_item_id");
    expectError(
      await api(`/v1/medical/items/${item.id}`, { method: "PATCH", json: { kind: "test" } }),
      400,
      "invalid_body",
    );
    expectError(await api("/v1/medical/items", { json: { name: "Odd", kind: "surgery" } }), 400, "invalid_body");
  });
});

describe("an animal's medical entries", () => {
  it("records an entry whose next due day follows the item's interval, lists, gets and corrects it with a reason", async () => {
    const pet = await createPet();
    const item = await rabies();
    const given = { itemId: item.id, givenOn: "2026-01-31", givenBy: "Lakeside Vets", lot: "LOT-77A", notes: "Calm" };
    const recorded = await api(`/v1/pets/${pet.id}/medical`, { json: given });
    expect(recorded.status, recorded.text).toBe(201);
    const entry = recorded.json;
    expect(entry).toEqual({ id: entry.id, petId: pet.id, kind: "vaccination", ...given, nextDue: "2027-01-31" });
    expect(header(recorded, "location")).toBe(`/v1/medical/entries/${entry.id}`);
    expect((await api(`/v1/medical/entries/${entry.id}`)).json).toEqual(entry);
    expect((await api(`/v1/pets/${pet.id}/medical`)).json).toEqual([entry]);

    const noReason = await api(`/v1/medical/entries/${entry.id}`, { method: "PATCH", json: { givenOn: "2026-02-01" } });
    expectError(noReason, 400, "invalid_body");
    expect(noReason.json.details).toContainEqual({ field: "reason", message: expect.any(String) });
    const corrected = await api(`/v1/medical/entries/${entry.id}`, {
      method: "PATCH",
      json: { givenOn: "2026-02-01", lot: null, reason: "Entered the day before by mistake" },
    });
    expect(corrected.status, corrected.text).toBe(200);
    const withoutLot = { ...entry, givenOn: "2026-02-01" };
    delete withoutLot.lot;
    expect(corrected.json).toEqual(withoutLot);
    const late = await api(`/v1/medical/entries/${entry.id}`, {
      method: "PATCH",
      json: { givenOn: "2027-06-01", reason: "Moves past its due day" },
    });
    expectError(late, 400, "invalid_body");
    expect(late.json.details).toEqual([{ field: "nextDue", message: "must be after givenOn" }]);
    expectError(
      await api("/v1/medical/entries/8999999999", { method: "PATCH", json: { notes: "x", reason: "y" } }),
      404,
      "not_found",
    );
    expectError(await api("/v1/medical/entries/8999999999"), 404, "not_found");
    expectError(await api("/v1/medical/entries/0"), 400, "invalid_entry_id");
  });

  it("refuses a due day before the given day, an item the list lacks, an entry that does not fit, and an unknown pet", async () => {
    const pet = await createPet();
    const item = await rabies();
    const test = await addItem({ kind: "test" });
    const before = await api(`/v1/pets/${pet.id}/medical`, {
      json: { itemId: item.id, givenOn: "2026-03-01", givenBy: "Staff", nextDue: "2026-03-01" },
    });
    expectError(before, 400, "invalid_body");
    expect(before.json.details).toContainEqual({ field: "nextDue", message: "must be after givenOn" });

    const unknown = await api(`/v1/pets/${pet.id}/medical`, {
      json: { itemId: 8_999_999_999, givenOn: "2026-03-01", givenBy: "Staff" },
    });
    expectError(unknown, 422, "unknown_item");
    expect(unknown.json.details).toEqual([{ field: "itemId", message: "names no item of the list" }]);
    const noResult = await api(`/v1/pets/${pet.id}/medical`, {
      json: { itemId: test.id, givenOn: "2026-03-01", givenBy: "Staff" },
    });
    expectError(noResult, 422, "entry_does_not_fit_item");
    expect(noResult.json.message).toContain("record its result");
    const lotOnTest = await api(`/v1/pets/${pet.id}/medical`, {
      json: { itemId: test.id, givenOn: "2026-03-01", givenBy: "Staff", result: "negative", lot: "L1" },
    });
    expectError(lotOnTest, 422, "entry_does_not_fit_item");

    const noPet = { itemId: item.id, givenOn: "2026-03-01", givenBy: "Staff" };
    expectError(await api("/v1/pets/8999999999/medical", { json: noPet }), 404, "not_found");
    expectError(await api("/v1/pets/8999999999/medical"), 404, "not_found");
    expectError(await api("/v1/pets/abc/medical"), 400, "invalid_pet_id");
    expect((await api(`/v1/pets/${pet.id}/medical`)).json).toEqual([]);
  });
});

describe("an animal's health facts", () => {
  it("sets spay/neuter and the microchip, needs a reason to change them, and keeps a weight history", async () => {
    const pet = await createPet();
    expect((await api(`/v1/pets/${pet.id}/health`)).json).toEqual({ weights: [] });
    const set = await api(`/v1/pets/${pet.id}/health`, {
      method: "PATCH",
      json: {
        spayNeuter: { status: "altered", on: "2026-02-10" },
        microchip: { status: "chipped", number: "985-112-003-456-789", registeredOn: "2026-02-11" },
      },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.json).toEqual({
      spayNeuter: { status: "altered", on: "2026-02-10" },
      microchip: { status: "chipped", number: "985112003456789", registeredOn: "2026-02-11" },
      weights: [],
    });

    const change = { microchip: { status: "chipped", number: "985112003456788" } };
    const unexplained = await api(`/v1/pets/${pet.id}/health`, { method: "PATCH", json: change });
    expectError(unexplained, 400, "invalid_body");
    expect(unexplained.json.message).toBe("Correcting the recorded microchip needs a reason.");
    const explained = await api(`/v1/pets/${pet.id}/health`, {
      method: "PATCH",
      json: { ...change, reason: "Misread at intake" },
    });
    expect(explained.json.microchip).toEqual(change.microchip);

    const weighed = await api(`/v1/pets/${pet.id}/weights`, { json: { on: "2026-02-12", kg: 4.2 } });
    expect(weighed.status, weighed.text).toBe(201);
    await api(`/v1/pets/${pet.id}/weights`, { json: { on: "2026-02-01", kg: 3.9 } });
    const facts = await api(`/v1/pets/${pet.id}/health`);
    expect(facts.json.weights).toEqual([
      { on: "2026-02-01", kg: 3.9 },
      { on: "2026-02-12", kg: 4.2 },
    ]);
    expectError(await api(`/v1/pets/${pet.id}/weights`, { json: { on: "2026-02-12", kg: 0 } }), 400, "invalid_body");
    expectError(await api("/v1/pets/8999999999/weights", { json: { on: "2026-02-12", kg: 1 } }), 404, "not_found");
    expectError(await api("/v1/pets/8999999999/health"), 404, "not_found");
  });

  it("refuses a microchip number no chip could send, saying why", async () => {
    const pet = await createPet();
    const cases: [string, string][] = [
      ["12345", "must be a microchip number: 15 digits"],
      ["999000000000001", "999, the code of test transponders"],
      ["000123456789012", "must not begin with 000"],
      ["985999999999999", "above 274877906943"],
    ];
    for (const [number, why] of cases) {
      const refused = await api(`/v1/pets/${pet.id}/health`, {
        method: "PATCH",
        json: { microchip: { status: "chipped", number } },
      });
      expectError(refused, 400, "invalid_body");
      expect(refused.json.message).toContain("microchip");
      expect(refused.json.message).toContain(why);
      expect(refused.json.details[0].field).toBe("microchip.number");
    }
    expect((await api(`/v1/pets/${pet.id}/health`)).json).toEqual({ weights: [] });
  });
});

describe("who may read and write the medical record", () => {
  it("refuses a key with pets:read alone (403), lets medical:read read but not write", async () => {
    const pet = await createPet();
    const item = await rabies();
    const entry = (
      await api(`/v1/pets/${pet.id}/medical`, { json: { itemId: item.id, givenOn: "2026-03-01", givenBy: "Staff" } })
    ).json;

    const petsOnly = await keyWith("pets:read");
    for (const path of [
      "/v1/medical/items",
      `/v1/pets/${pet.id}/medical`,
      `/v1/medical/entries/${entry.id}`,
      `/v1/pets/${pet.id}/health`,
    ]) {
      expectError(await api(path, { key: petsOnly }), 403, "insufficient_scope");
    }
    expect((await api(`/v1/pets/${pet.id}`, { key: petsOnly })).status).toBe(200);
    expectError(
      await api("/v1/events?type=medical.recorded", { key: await keyWith("events:read", "pets:read") }),
      403,
      "insufficient_scope",
    );

    const reader = await keyWith("medical:read");
    expect((await api(`/v1/pets/${pet.id}/medical`, { key: reader })).json).toEqual([entry]);
    expect((await api(`/v1/pets/${pet.id}/health`, { key: reader })).status).toBe(200);
    const write = { itemId: item.id, givenOn: "2026-03-02", givenBy: "Staff" };
    expectError(await api(`/v1/pets/${pet.id}/medical`, { key: reader, json: write }), 403, "insufficient_scope");
    expectError(
      await api("/v1/medical/items", { key: reader, json: { name: "X", kind: "test" } }),
      403,
      "insufficient_scope",
    );

    const writer = await keyWith("medical:write");
    expect((await api(`/v1/pets/${pet.id}/medical`, { key: writer, json: write })).status).toBe(201);
    expectError(await api(`/v1/pets/${pet.id}/medical`, { key: writer }), 403, "insufficient_scope");
  });
});

describe("the medical record's events", () => {
  it("carry ids, the item, the kind and days, never notes, lot, result, who gave it or the chip's number", async () => {
    const pet = await createPet();
    const item = await rabies();
    const test = await addItem({ kind: "test" });
    const secret = {
      givenBy: "Dr Wren Secretname",
      lot: "LOT-SECRET-991",
      notes: "Snapped at the nurse; muzzle next time",
    };
    const entry = (
      await api(`/v1/pets/${pet.id}/medical`, { json: { itemId: item.id, givenOn: "2026-03-01", ...secret } })
    ).json;
    const testEntry = await api(`/v1/pets/${pet.id}/medical`, {
      json: {
        itemId: test.id,
        givenOn: "2026-03-01",
        givenBy: secret.givenBy,
        result: "positive",
        notes: secret.notes,
      },
    });
    expect(testEntry.status, testEntry.text).toBe(201);
    await api(`/v1/medical/entries/${entry.id}`, {
      method: "PATCH",
      json: { notes: "Another private remark", reason: "A private reason of staff" },
    });
    await api(`/v1/pets/${pet.id}/health`, {
      method: "PATCH",
      json: { microchip: { status: "chipped", number: "985112003456789" } },
    });
    await api(`/v1/pets/${pet.id}/weights`, { json: { on: "2026-03-02", kg: 31.45 } });

    const ofPet = (object: Record<string, unknown>) => object.petId === pet.id;
    const recorded = await eventsOf("medical.recorded", ofPet, 2);
    expect(recorded.map((event) => event.data.object)).toEqual([
      {
        id: entry.id,
        petId: pet.id,
        itemId: item.id,
        kind: "vaccination",
        givenOn: "2026-03-01",
        nextDue: "2027-03-01",
      },
      { id: testEntry.json.id, petId: pet.id, itemId: test.id, kind: "test", givenOn: "2026-03-01" },
    ]);
    const [corrected] = await eventsOf("medical.corrected", ofPet);
    expect(corrected?.data).toEqual({ object: expect.objectContaining({ id: entry.id }), fields: ["notes"] });
    const [health] = await eventsOf("medical.health_changed", ofPet);
    expect(health?.data).toEqual({
      object: { petId: pet.id, microchip: { status: "chipped" } },
      fields: ["microchip"],
    });
    const [weighed] = await eventsOf("medical.weighed", ofPet);
    expect(weighed?.data).toEqual({ object: { petId: pet.id, on: "2026-03-02" } });

    const written = JSON.stringify([recorded, corrected, health, weighed]);
    for (const words of [
      ...Object.values(secret),
      "Another private",
      "private reason",
      "positive",
      "985112003456789",
      "31.45",
    ]) {
      expect(written).not.toContain(words);
    }
  });
});
