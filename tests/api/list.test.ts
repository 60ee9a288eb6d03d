import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, header } from "@/tests/api/support/api";
import { allPets, createPets, expectPetShape, nextLink, STATUSES, type Pet } from "@/tests/api/support/pets";

let seeded: Pet[];
beforeAll(async () => {
  // Created one after another, so ids increase in array order; the last is the newest pet.
  seeded = await createPets(25, (i) => ({ status: STATUSES[i % 3] }));
});

const newestFirst = (pets: Pet[]) => [...pets].reverse();

describe("GET /v1/pets", () => {
  it("returns at most 20 pets, newest first, when limit is omitted", async () => {
    const response = await api("/v1/pets");
    expect(response.status).toBe(200);
    const pets = response.json as Pet[];
    expect(pets).toHaveLength(20);
    pets.forEach(expectPetShape);
    expect(pets).toEqual(newestFirst(seeded).slice(0, 20));
  });

  it("orders by descending id", async () => {
    const pets = (await api("/v1/pets?limit=100")).json as Pet[];
    expect(pets.length).toBeGreaterThanOrEqual(25);
    for (let i = 1; i < pets.length; i++) expect(pets[i]!.id).toBeLessThan(pets[i - 1]!.id);
  });

  it.each([1, 2, 5, 20, 25])("limit=%i returns exactly that many of the newest pets", async (limit) => {
    const response = await api(`/v1/pets?limit=${limit}`);
    expect(response.status).toBe(200);
    expect(response.json).toEqual(newestFirst(seeded).slice(0, limit));
  });

  it("limit=100 is accepted and returns no more than 100", async () => {
    const response = await api("/v1/pets?limit=100");
    expect(response.status).toBe(200);
    const pets = response.json as Pet[];
    expect(pets.length).toBeLessThanOrEqual(100);
    expect(pets.slice(0, 25)).toEqual(newestFirst(seeded));
  });

  it.each(STATUSES)("status=%s returns only pets with that status, newest first", async (status) => {
    const response = await api(`/v1/pets?status=${status}&limit=100`);
    expect(response.status).toBe(200);
    const pets = response.json as Pet[];
    expect(pets.every((pet) => pet.status === status)).toBe(true);
    const expected = newestFirst(seeded.filter((pet) => pet.status === status));
    expect(pets.slice(0, expected.length)).toEqual(expected);
  });

  it("status and limit combine", async () => {
    const response = await api("/v1/pets?limit=3&status=pending");
    expect(response.json).toEqual(newestFirst(seeded.filter((pet) => pet.status === "pending")).slice(0, 3));
  });
});

describe("invalid query parameters give 400 invalid_query naming the parameter", () => {
  it.each([
    "limit=0",
    "limit=101",
    "limit=1000",
    "limit=99999999999999999999",
    "limit=abc",
    "limit=1.5",
    "limit=1e1",
    "limit=%205",
    "limit=5%20",
    "limit=-1",
    "limit=+5",
    "limit=0x10",
    "limit=",
    "limit",
    "limit=%EF%BC%95", // fullwidth digit five
    "limit=1&limit=2",
    "limit=5&limit=5",
  ])("%s names limit", async (query) => {
    const message = expectError(await api(`/v1/pets?${query}`), 400, "invalid_query");
    expect(message).toContain("limit");
  });

  it.each([
    "status=AVAILABLE",
    "status=Available",
    "status=",
    "status",
    "status=adopted",
    "status=available,sold",
    "status=sold&status=sold",
    "status=available&status=pending",
    "status=available%00",
    "status=%20available",
  ])("%s names status", async (query) => {
    const message = expectError(await api(`/v1/pets?${query}`), 400, "invalid_query");
    expect(message).toContain("status");
  });

  it.each([
    ["stauts=sold", "stauts"],
    ["offset=5", "offset"],
    ["page=2", "page"],
    ["LIMIT=5", "LIMIT"],
    ["limit=5&sort=name", "sort"],
    ["status=sold&foo=", "foo"],
    ["constructor=x", "constructor"],
  ])("unknown parameter in %s is named (%s)", async (query, name) => {
    const message = expectError(await api(`/v1/pets?${query}`), 400, "invalid_query");
    expect(message).toContain(name);
  });

  it("a __proto__ parameter never reaches the handler and pollutes nothing", async () => {
    // Next's router rebuilds the query from a plain object, where assigning "__proto__" is a
    // no-op, so the handler sees the other parameters only (and would refuse it otherwise).
    const response = await api("/v1/pets?limit=1&__proto__=x");
    expect(response.status).toBe(200);
    expect(response.json).toHaveLength(1);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it.each([
    "cursor=abc",
    "cursor=",
    "cursor",
    `cursor=${"A".repeat(5000)}`,
    `cursor=${"A".repeat(65)}`,
    "cursor=..%2F..%2Fetc%2Fpasswd",
    "cursor=%00",
    "cursor=%2B%2F%3D",
    // Well-formed base64url whose contents no server could have issued (wrong tag, bad id).
    `cursor=${Buffer.from("p2.1").toString("base64url")}`,
    `cursor=${Buffer.from("p1.-5").toString("base64url")}`,
    `cursor=${Buffer.from("p1.0").toString("base64url")}`,
    `cursor=${Buffer.from("p1.zzzzzzzzzzzzzzzzzzzz").toString("base64url")}`,
  ])("a forged cursor (%s) names cursor", async (query) => {
    const message = expectError(await api(`/v1/pets?limit=5&${query}`), 400, "invalid_query");
    expect(message).toContain("cursor");
  });
});

describe("Link header", () => {
  it('points to the next page as </v1/pets?limit=N&cursor=C>; rel="next"', async () => {
    const response = await api("/v1/pets?limit=5");
    expect(header(response, "link")).toMatch(/^<\/v1\/pets\?limit=5&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
  });

  it("keeps the status in the next link, between limit and cursor", async () => {
    const response = await api("/v1/pets?status=sold&limit=2");
    expect(header(response, "link")).toMatch(/^<\/v1\/pets\?limit=2&status=sold&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
  });

  it("spells out the default limit when the request omitted it", async () => {
    const response = await api("/v1/pets");
    expect(header(response, "link")).toMatch(/^<\/v1\/pets\?limit=20&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
  });

  it("the next page continues exactly where the first ended", async () => {
    const first = await api("/v1/pets?limit=5");
    const second = await api(nextLink(first)!);
    expect(second.status).toBe(200);
    const both = await api("/v1/pets?limit=10");
    expect([...(first.json as Pet[]), ...(second.json as Pet[])]).toEqual(both.json);
  });

  it("is absent on the last page, and present whenever more pets match", async () => {
    const sold = await allPets("sold");
    expect(sold.length).toBeGreaterThanOrEqual(8);
    expect(sold.length).toBeLessThanOrEqual(100);
    const exact = await api(`/v1/pets?status=sold&limit=${sold.length}`);
    expect(exact.json).toEqual(sold);
    expect(exact.headers.link, "a page that ends exactly at the last pet has no next link").toBeUndefined();
    const short = await api(`/v1/pets?status=sold&limit=${sold.length - 1}`);
    expect(header(short, "link")).toMatch(/rel="next"$/);
    const last = await api(nextLink(short)!);
    expect(last.json).toEqual(sold.slice(-1));
    expect(last.headers.link).toBeUndefined();
  });
});
