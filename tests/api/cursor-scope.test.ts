import { beforeAll, describe, expect, it } from "vitest";
import { encodeCursor } from "@/lib/paging/cursor";
import { api, expectError, type ApiResponse } from "@/tests/api/support/api";
import { createPet, createPets, nextLink, type Pet } from "@/tests/api/support/pets";

/**
 * A cursor is valid only for the listing that issued it. One naming a pet outside the
 * listing's status filter is refused exactly like one naming no pet at all, so neither
 * the public gallery nor /v1 tells anyone which sold or pending pets exist.
 */

let sold: Pet;
let unknownId: number;
const cursors: Record<string, string> = {};

function cursorOf(response: ApiResponse): string {
  const link = nextLink(response);
  expect(link, `${response.path} has a next page`).toBeDefined();
  return new URL(link!, "http://x").searchParams.get("cursor")!;
}

beforeAll(async () => {
  await createPets(2, () => ({ status: "available" }));
  await createPets(2, () => ({ status: "pending" }));
  await createPets(2, () => ({ status: "sold" }));
  sold = await createPet({ status: "sold" });
  unknownId = sold.id + 1_000_000;
  // Cursors as the service issued them, each naming a pet that is not available.
  cursors["issued by the sold listing"] = cursorOf(await api("/v1/pets?status=sold&limit=1"));
  cursors["issued by the pending listing"] = cursorOf(await api("/v1/pets?status=pending&limit=1"));
  cursors["issued by the unfiltered listing at a sold pet"] = cursorOf(await api("/v1/pets?limit=1"));
  // ...and forged ones, well-formed for the available listing.
  cursors["forged for the available listing, naming a sold pet"] = encodeCursor(sold.id, "available");
  cursors["forged for the available listing, naming no pet"] = encodeCursor(unknownId, "available");
});

const unknownCursor = () => encodeCursor(unknownId, "available");

/** What a client can observe of an answer, request id aside. */
function observable(response: ApiResponse) {
  return {
    status: response.status,
    contentType: response.headers["content-type"],
    location: response.headers.location,
    body: response.json,
  };
}

const FOREIGN = [
  "issued by the sold listing",
  "issued by the pending listing",
  "issued by the unfiltered listing at a sold pet",
  "forged for the available listing, naming a sold pet",
];

describe("a cursor from another listing is refused like an unknown one", () => {
  it.each(FOREIGN)("GET /gallery/pets, cursor %s", async (name) => {
    const unknown = await api(`/gallery/pets?cursor=${unknownCursor()}`);
    const foreign = await api(`/gallery/pets?cursor=${cursors[name]}`);
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ code: "invalid_query", status: 400 });
    expect(observable(foreign)).toEqual(observable(unknown));
  });

  it.each(FOREIGN)("GET /?after=, cursor %s", async (name) => {
    const unknown = await api(`/?after=${unknownCursor()}`, { key: null });
    const foreign = await api(`/?after=${cursors[name]}`, { key: null });
    expect(unknown.status).toBe(307);
    expect(unknown.headers.location).toBe("/");
    expect({ status: foreign.status, location: foreign.headers.location }).toEqual({ status: 307, location: "/" });
  });

  it.each(FOREIGN)("GET /v1/pets?status=available, cursor %s", async (name) => {
    const unknown = await api(`/v1/pets?status=available&cursor=${unknownCursor()}`);
    const foreign = await api(`/v1/pets?status=available&cursor=${cursors[name]}`);
    expectError(unknown, 400, "invalid_query");
    expect(observable(foreign)).toEqual(observable(unknown));
  });

  it("a cursor from a status listing does not page the unfiltered listing, nor another status", async () => {
    const soldCursor = cursors["issued by the sold listing"];
    const unknown = observable(await api(`/v1/pets?cursor=${encodeCursor(unknownId, undefined)}`));
    expect(unknown.status).toBe(400);
    expect(observable(await api(`/v1/pets?cursor=${soldCursor}`))).toEqual(unknown);
    const pendingUnknown = observable(
      await api(`/v1/pets?status=pending&cursor=${encodeCursor(unknownId, "pending")}`),
    );
    expect(observable(await api(`/v1/pets?status=pending&cursor=${soldCursor}`))).toEqual(pendingUnknown);
  });

  it("the cursor the gallery issued still pages the gallery and the available listing", async () => {
    await createPets(13, () => ({ status: "available" }));
    const first = await api("/gallery/pets");
    const cursor = first.json.nextCursor as string;
    expect(cursor).toEqual(expect.any(String));
    const next = await api(`/gallery/pets?cursor=${cursor}`);
    expect(next.status).toBe(200);
    expect(next.json.pets.length).toBeGreaterThan(0);
    const v1 = await api(`/v1/pets?status=available&limit=12&cursor=${cursor}`);
    expect(v1.status).toBe(200);
    expect(v1.json).toEqual(next.json.pets);
    // The gallery page no longer takes a cursor (decision 070): its address counts pages.
    const page = await api("/?pages=2", { key: null });
    expect(page.status).toBe(200);
  });
});
