import { describe, expect, it } from "vitest";
import { api, expectError, header, type ApiResponse } from "@/tests/api/support/api";
import { expectPetShape, STATUSES, uniqueName, type Pet } from "@/tests/api/support/pets";

async function getPet(id: number): Promise<Pet> {
  const response = await api(`/v1/pets/${id}`);
  expect(response.status, response.text).toBe(200);
  return response.json as Pet;
}

describe("POST /v1/pets creates a pet", () => {
  it("answers 201 with the Pet, a Location and status available by default", async () => {
    const name = uniqueName("Rex");
    const response = await api("/v1/pets", { json: { name, categoryId: 7 } });
    expect(response.status).toBe(201);
    const pet = response.json as Pet;
    expectPetShape(pet);
    expect(pet).toEqual({ id: pet.id, name, categoryId: 7, status: "available" });
    expect(Number.isSafeInteger(pet.id) && pet.id >= 1).toBe(true);
    expect(header(response, "location")).toBe(`/v1/pets/${pet.id}`);
    expect(await getPet(pet.id)).toEqual(pet);
  });

  it.each(STATUSES)("keeps the status %s it was given", async (status) => {
    const response = await api("/v1/pets", { json: { name: uniqueName(), categoryId: 1, status } });
    expect(response.status).toBe(201);
    expect(response.json.status).toBe(status);
    expect((await getPet(response.json.id)).status).toBe(status);
  });

  it("assigns a new, larger id to each pet", async () => {
    const first = await api("/v1/pets", { json: { name: "First", categoryId: 1 } });
    const second = await api("/v1/pets", { json: { name: "First", categoryId: 1 } });
    expect(second.json.id).toBeGreaterThan(first.json.id);
  });

  it("trims the name", async () => {
    const response = await api("/v1/pets", { json: { name: "  \u00a0Rex the dog  ", categoryId: 1 } });
    expect(response.status, response.text).toBe(201);
    expect(response.json.name).toBe("Rex the dog");
    expect((await getPet(response.json.id)).name).toBe("Rex the dog");
  });

  it("accepts a name of exactly 100 characters, even with surrounding spaces", async () => {
    const name = "n".repeat(100);
    const response = await api("/v1/pets", { json: { name: `  ${name}  `, categoryId: 1 } });
    expect(response.status, response.text).toBe(201);
    expect(response.json.name).toBe(name);
  });

  it("accepts categoryId 1 and 2^53-1 and returns them unchanged", async () => {
    for (const categoryId of [1, Number.MAX_SAFE_INTEGER]) {
      const response = await api("/v1/pets", { body: `{"name":"Big","categoryId":${categoryId}}` });
      expect(response.status, response.text).toBe(201);
      expect(response.text).toContain(`"categoryId":${categoryId}`);
      expect((await getPet(response.json.id)).categoryId).toBe(categoryId);
    }
  });
});

describe("Content-Type", () => {
  it.each([
    "application/json",
    "application/json; charset=utf-8",
    "application/json;charset=UTF-8",
    "Application/JSON",
    "APPLICATION/JSON; CHARSET=UTF-8",
  ])("%j is accepted", async (contentType) => {
    const response = await api("/v1/pets", { json: { name: uniqueName(), categoryId: 1 }, contentType });
    expect(response.status, response.text).toBe(201);
  });

  it.each<[string, string | null]>([
    ["no Content-Type", null],
    ["text/plain", "text/plain"],
    ["application/x-www-form-urlencoded", "application/x-www-form-urlencoded"],
    ["multipart/form-data", "multipart/form-data; boundary=x"],
    ["application/xml", "application/xml"],
    ["application/jsonx", "application/jsonx"],
    ["an empty Content-Type", ""],
  ])("%s gives 415 unsupported_media_type", async (_label, contentType) => {
    const response = await api("/v1/pets", { body: JSON.stringify({ name: "x", categoryId: 1 }), contentType });
    expectError(response, 415, "unsupported_media_type");
  });
});

describe("malformed JSON gives 400 invalid_json", () => {
  it.each([
    ["an empty body", ""],
    ["only whitespace", "   \n "],
    ["an unterminated object", '{"name":"x"'],
    ["single quotes", "{'name':'x','categoryId':1}"],
    ["a trailing comma", '{"name":"x","categoryId":1,}'],
    ["NaN", '{"name":"x","categoryId":NaN}'],
    ["a bare word", "undefined"],
    ["a comment", '{"name":"x", /* hi */ "categoryId":1}'],
    ["two documents", '{"name":"x","categoryId":1}{}'],
  ])("%s", async (_label, body) => {
    expectError(await api("/v1/pets", { body }), 400, "invalid_json");
  });
});

function expectInvalidBody(response: ApiResponse, fields: string[]): string {
  const message = expectError(response, 400, "invalid_body");
  for (const field of fields.filter((f) => f !== "")) expect(message, `message names ${field}`).toContain(field);
  const details = response.json.details as { field: string; message: string }[];
  expect(Array.isArray(details), `details: ${response.text}`).toBe(true);
  for (const detail of details) {
    expect(Object.keys(detail).sort()).toEqual(["field", "message"]);
    expect(typeof detail.message === "string" && detail.message.length > 0).toBe(true);
  }
  expect([...new Set(details.map((detail) => detail.field))].sort()).toEqual([...fields].sort());
  return message;
}

const valid = { name: "Valid", categoryId: 1 };

describe("a body that is JSON but not a NewPet gives 400 invalid_body", () => {
  it.each<[string, string, string[]]>([
    ["{}", "{}", ["name", "categoryId"]],
    ["no name", '{"categoryId":1}', ["name"]],
    ["no categoryId", '{"name":"x"}', ["categoryId"]],
    ["an array", "[]", [""]],
    ["an array of a pet", '[{"name":"x","categoryId":1}]', [""]],
    ["a string", '"Rex"', [""]],
    ["a number", "42", [""]],
    ["null", "null", [""]],
    ["true", "true", [""]],
    ["three problems at once", '{"name":"","categoryId":0,"extra":1}', ["name", "categoryId", "extra"]],
  ])("%s", async (_label, body, fields) => {
    expectInvalidBody(await api("/v1/pets", { body }), fields);
  });

  it.each<[string, unknown]>([
    ["a number", 5],
    ["null", null],
    ["true", true],
    ["an array", ["Rex"]],
    ["an object", { first: "Rex" }],
    ["empty", ""],
    ["blank", "   "],
    ["101 characters", "n".repeat(101)],
    ["101 characters after trimming", ` ${"n".repeat(101)} `],
    ["101 emoji", "🐶".repeat(101)],
    ["NUL", "Rex\u0000"],
    ["a newline", "Rex\nDog"],
    ["a tab inside", "Rex\tDog"],
    ["ESC (terminal escape)", "\u001b[31mRex"],
    ["DEL", "Rex\u007f"],
    ["NEL (C1 control)", "Rex\u0085Dog"],
    ["CSI (C1 control)", "Rex\u009b31m"],
    ["a carriage return", "Rex\rSet-Cookie: x=1"],
  ])("name that is %s names name", async (_label, name) => {
    expectInvalidBody(await api("/v1/pets", { json: { ...valid, name } }), ["name"]);
  });

  it.each<[string, string]>([
    ["0", "0"],
    ["-1", "-1"],
    ["-0", "-0"],
    ["1.5", "1.5"],
    ['"1"', '"1"'],
    ["2^53", "9007199254740992"],
    ["1e300", "1e300"],
    ["2^63", "9223372036854775808"],
    ["-2^63", "-9223372036854775808"],
    ["null", "null"],
    ["true", "true"],
    ["[1]", "[1]"],
    ["{}", "{}"],
  ])("categoryId %s names categoryId", async (_label, value) => {
    expectInvalidBody(await api("/v1/pets", { body: `{"name":"x","categoryId":${value}}` }), ["categoryId"]);
  });

  it.each<[string, unknown]>([
    ["AVAILABLE", "AVAILABLE"],
    ["empty", ""],
    ["adopted", "adopted"],
    ["null", null],
    ["a number", 1],
    ["an array", ["sold"]],
  ])("status %s names status", async (_label, status) => {
    expectInvalidBody(await api("/v1/pets", { json: { ...valid, status } }), ["status"]);
  });

  it.each([["color"], ["Name"], ["category_id"], ["tags"]])("an unknown field %s is named", async (field) => {
    expectInvalidBody(await api("/v1/pets", { json: { ...valid, [field]: "red" } }), [field]);
  });

  it("an id sent by the client is refused: it is assigned by the service", async () => {
    const message = expectInvalidBody(await api("/v1/pets", { json: { ...valid, id: 5 } }), ["id"]);
    expect(message).toMatch(/assigned/i);
  });

  it("a refused body creates nothing", async () => {
    const name = uniqueName("refused");
    expect((await api("/v1/pets", { json: { name, categoryId: 0 } })).status).toBe(400);
    const pets = (await api("/v1/pets?limit=100")).json as Pet[];
    expect(pets.map((pet) => pet.name)).not.toContain(name);
  });
});

describe("Unicode names are kept exactly", () => {
  it.each<[string, string]>([
    ["100 emoji (one code point each)", "🐶".repeat(100)],
    ["an emoji ZWJ sequence", "👩‍👩‍👧 family"],
    ["Arabic (right-to-left)", "قطة صغيرة"],
    ["Hebrew with a right-to-left mark", "\u200fחתול"],
    ["combining characters (NFD)", "Ame\u0301lie"],
    ["precomposed characters (NFC)", "Am\u00e9lie"],
    ["CJK", "小狗"],
    ["a line separator (not a control character)", "Rex\u2028Dog"],
    ["HTML", "<script>alert(1)</script>"],
    ["JSON-looking text", '{"id":1}'],
  ])("%s", async (_label, name) => {
    const response = await api("/v1/pets", { json: { name, categoryId: 1 } });
    expect(response.status, response.text).toBe(201);
    expect(response.json.name).toBe(name);
    expect((await getPet(response.json.id)).name).toBe(name);
  });

  it("NFC and NFD spellings are two different, unnormalised names", async () => {
    const nfc = await api("/v1/pets", { json: { name: "Zoë", categoryId: 1 } });
    const nfd = await api("/v1/pets", { json: { name: "Zoe\u0308", categoryId: 1 } });
    expect([nfc.status, nfd.status]).toEqual([201, 201]);
    expect((await getPet(nfc.json.id)).name).toBe("Zoë");
    expect((await getPet(nfd.json.id)).name).toBe("Zoe\u0308");
  });
});
