import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { api, expectError, header, keys } from "@/tests/api/support/api";
import { uniqueName } from "@/tests/api/support/pets";

const post = (idempotencyKey: string, json: unknown, key?: string) =>
  api("/v1/pets", { json, key, headers: { "Idempotency-Key": idempotencyKey } });

async function countNamed(name: string): Promise<number> {
  const page = await api("/v1/pets?limit=100");
  return (page.json as { name: string }[]).filter((pet) => pet.name === name).length;
}

describe("Idempotency-Key on POST /v1/pets", () => {
  it("replays the first answer (status, body, Location) to a retry and creates nothing more", async () => {
    const name = uniqueName("Retry");
    const idem = `"${randomUUID()}"`;
    const first = await post(idem, { name, categoryId: 4 });
    expect(first.status).toBe(201);
    const retry = await post(idem, { name, categoryId: 4 });
    expect(retry.status).toBe(201);
    expect(retry.json).toEqual(first.json);
    expect(header(retry, "location")).toBe(header(first, "location"));
    expect(await countNamed(name)).toBe(1);
  });

  it("answers 422 to the same key with a different body, and creates nothing", async () => {
    const name = uniqueName("Reused");
    const idem = randomUUID();
    expect((await post(idem, { name, categoryId: 4 })).status).toBe(201);
    expectError(await post(idem, { name: `${name} 2`, categoryId: 4 }), 422, "idempotency_key_reused");
    expect(await countNamed(`${name} 2`)).toBe(0);
  });

  it("answers 409 to a retry while the first request still runs", async () => {
    const name = uniqueName("Racing");
    const idem = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(idem, { name, categoryId: 4 })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(statuses).toContain(201);
    for (const answer of answers.filter((answer) => answer.status === 409)) {
      expectError(answer, 409, "idempotency_key_in_use");
      expect(header(answer, "retry-after")).toBe("1");
    }
    expect(await countNamed(name)).toBe(1);
  });

  it("scopes keys to the API key that sent them", async () => {
    const name = uniqueName("Scoped");
    const idem = randomUUID();
    const [one, two] = keys();
    const first = await post(idem, { name, categoryId: 4 }, one);
    const second = await post(idem, { name, categoryId: 4 }, two);
    expect(second.status).toBe(201);
    expect(second.json.id).not.toBe(first.json.id);
  });

  it("does not keep a failed request: a corrected retry with the same key runs", async () => {
    const idem = randomUUID();
    expectError(await post(idem, { name: "", categoryId: 4 }), 400, "invalid_body");
    expect((await post(idem, { name: uniqueName("Fixed"), categoryId: 4 })).status).toBe(201);
  });

  it.each([
    ['""', "must not be empty"],
    [`"${"k".repeat(256)}"`, "at most 255 characters"],
    ['"one", "two"', "must be sent once"],
    ['"unterminated', "quoted string"],
  ])("refuses the malformed key %j with a clear 400 and creates nothing", async (idem, reason) => {
    const name = uniqueName("Malformed");
    const response = await post(idem, { name, categoryId: 4 });
    expect(expectError(response, 400, "invalid_idempotency_key")).toContain(reason);
    expect(await countNamed(name)).toBe(0);
  });
});
