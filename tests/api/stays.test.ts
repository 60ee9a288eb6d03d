import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, header, type ApiResponse } from "@/tests/api/support/api";
import { createPet } from "@/tests/api/support/pets";

/*
 * An animal's stays over /v1 (issue 41, docs/decisions/252): intake, outcome, return,
 * corrections, withdrawal and foster placements, on the suite's server with its all-scopes
 * key unless a test says otherwise. The store's rules themselves are the contract suite's
 * (lib/animal-record/stay-store.contract.ts); here, their answers over HTTP.
 */

interface Stay {
  id: number;
  petId: number;
  intake: { at: string; type: string; personal?: unknown };
  outcome?: { at: string; type: string; personal?: unknown };
  placements: { id: number; from: string; until?: string; personal?: unknown }[];
}

// A marker per run: the feed and the audit hold other tests' stays too.
const marker = randomUUID().slice(0, 8);
const finder = { name: `Dana Finder ${marker}`, phone: "+1 555 0100" };
const adopter = { name: `Sam Adopter ${marker}` };
const carer = { carer: { name: `Fay Carer ${marker}` }, notes: `Garden ${marker}` };
const PERSONAL_WORDS = [finder.name, adopter.name, carer.carer.name, carer.notes, `reason ${marker}`];

const intake = (at: string) => ({
  at,
  type: "stray",
  condition: "healthy",
  sourceKind: "person",
  personal: { source: finder, notes: `Found by the river ${marker}` },
});

async function ok(response: ApiResponse, status = 200): Promise<Stay> {
  expect(response.status, response.text).toBe(status);
  return response.json as Stay;
}

const postIntake = (petId: number, at: string, key?: string) =>
  api(`/v1/pets/${petId}/stays`, { json: intake(at), key });
const postOutcome = (stayId: number, json: unknown) => api(`/v1/stays/${stayId}/outcome`, { json });
const patch = (path: string, json: unknown) =>
  api(path, { method: "PATCH", json, contentType: "application/merge-patch+json" });

/** Every event in the feed, as text. */
async function feedText(): Promise<string> {
  const pages: string[] = [];
  let next = "/v1/events?limit=100";
  for (;;) {
    const page = await api(next);
    expect(page.status, page.text).toBe(200);
    pages.push(page.text);
    if ((page.json as unknown[]).length < 100) return pages.join("\n");
    next = /^<([^>]+)>/.exec(header(page, "link"))![1]!;
  }
}

describe("/v1 stays", () => {
  let petId: number;
  let first: Stay;

  beforeAll(async () => {
    petId = (await createPet()).id;
  });

  it("records an intake over the stay the pet's creation opened (200), refuses a second (409) and lists the stays", async () => {
    const [placeholder] = (await ok(await api(`/v1/pets/${petId}/stays`))) as unknown as Stay[];
    expect(placeholder?.intake).toMatchObject({ type: "other", subtype: "not_recorded" });
    // Dated before the pet was created: the animal arrived before it was entered.
    const response = await postIntake(petId, "2026-11-01T09:00:00Z");
    first = await ok(response);
    expect(first).toEqual({ id: placeholder?.id, petId, intake: intake("2026-11-01T09:00:00Z"), placements: [] });
    expectError(await postIntake(petId, "2026-11-02T09:00:00Z"), 409, "record_conflict");
    expect(await ok(await api(`/v1/pets/${petId}/stays`))).toEqual([first]);
    expect(await ok(await api(`/v1/stays/${first.id}`))).toEqual(first);
    const open = (await ok(await api("/v1/stays?open=true"))) as unknown as Stay[];
    expect(open).toContainEqual(first);
  });

  it("opens the next stay once the last has ended (201, Location); an outcome for the ended stay is refused (409)", async () => {
    const other = (await createPet()).id;
    const filled = await ok(await postIntake(other, "2026-11-01T09:00:00Z"));
    const ended = await ok(await postOutcome(filled.id, { at: "2026-11-02T09:00:00Z", type: "returned_to_owner" }));
    const response = await postIntake(other, "2026-11-03T09:00:00Z");
    const next = await ok(response, 201);
    expect(header(response, "location")).toBe(`/v1/stays/${next.id}`);
    expect(next).toEqual({ id: next.id, petId: other, intake: intake("2026-11-03T09:00:00Z"), placements: [] });
    // The ended stay is named: the open one is not closed in its place.
    const late = await postOutcome(filled.id, { at: "2026-11-04T09:00:00Z", type: "other_live" });
    expectError(late, 409, "record_conflict");
    expect(await ok(await api(`/v1/pets/${other}/stays`))).toEqual([ended, next]);
  });

  it("answers unknown pets and stays with 404 and bad ids and bodies with 400", async () => {
    expectError(await api("/v1/pets/999999999/stays"), 404, "not_found");
    expectError(await postIntake(999_999_999, "2026-11-01T09:00:00Z"), 404, "not_found");
    expectError(await api("/v1/stays/999999999"), 404, "not_found");
    expectError(await api("/v1/stays/abc"), 400, "invalid_stay_id");
    expectError(await api(`/v1/pets/${petId}/stays`, { json: { at: "yesterday" } }), 400, "invalid_body");
    expectError(await api("/v1/stays"), 400, "invalid_query");
  });

  it("refuses an outcome before its intake (422), then records one (200) and refuses a second (409)", async () => {
    const before = await postOutcome(first.id, { at: "2026-10-31T09:00:00Z", type: "adoption" });
    expect(expectError(before, 422, "invalid_record")).toContain("before the stay's intake");
    const closed = await ok(
      await postOutcome(first.id, { at: "2026-11-05T09:00:00Z", type: "adoption", personal: { destination: adopter } }),
    );
    expect(closed.outcome).toEqual({
      at: "2026-11-05T09:00:00Z",
      type: "adoption",
      personal: { destination: adopter },
    });
    expectError(await postOutcome(first.id, { at: "2026-11-06T09:00:00Z", type: "adoption" }), 409, "record_conflict");
    const open = (await ok(await api("/v1/stays?open=true"))) as unknown as Stay[];
    expect(open.some((stay) => stay.petId === petId)).toBe(false);
  });

  it("corrects an outcome only with a reason when a counted field changes", async () => {
    const path = `/v1/stays/${first.id}/outcome`;
    const refused = await patch(path, { at: "2026-11-05T10:00:00Z" });
    expect(expectError(refused, 400, "invalid_body")).toContain("reason");
    const corrected = await ok(await patch(path, { at: "2026-11-05T10:00:00Z", reason: `reason ${marker}` }));
    expect(corrected.outcome?.at).toBe("2026-11-05T10:00:00Z");
    const notes = await ok(await patch(`/v1/stays/${first.id}/intake`, { personal: { notes: `Notes ${marker}` } }));
    expect(notes.intake.personal).toEqual({ notes: `Notes ${marker}` });
  });

  it("withdraws the last outcome: the stay is open again, and its outcome can be recorded again", async () => {
    const reopened = await ok(
      await api(`/v1/stays/${first.id}/outcome/withdrawal`, { json: { reason: `reason ${marker}` } }),
    );
    expect(reopened.outcome).toBeUndefined();
    expectError(
      await api(`/v1/stays/${first.id}/outcome/withdrawal`, { json: { reason: "again" } }),
      422,
      "invalid_record",
    );
    expectError(await api(`/v1/stays/${first.id}/outcome/withdrawal`, { json: {} }), 400, "invalid_body");
    await ok(
      await postOutcome(first.id, { at: "2026-11-05T09:00:00Z", type: "adoption", personal: { destination: adopter } }),
    );
  });

  it("records a return only after an adoption: a returned_adoption stay", async () => {
    const back = { at: "2026-11-10T09:00:00Z", condition: "healthy", personal: { source: adopter } };
    const returned = await ok(await api(`/v1/pets/${petId}/returns`, { json: back }), 201);
    expect(returned.intake).toMatchObject({ type: "returned_adoption", sourceKind: "person" });
    const other = (await createPet()).id;
    expectError(await api(`/v1/pets/${other}/returns`, { json: back }), 409, "record_conflict");
    expect((await ok(await api(`/v1/pets/${petId}/stays`))) as unknown as Stay[]).toHaveLength(2);
  });

  it("places in foster, refuses an overlap (409), ends a placement and corrects it only with a reason", async () => {
    const placed = await api(`/v1/pets/${petId}/placements`, { json: { from: "2026-11-11", personal: carer } });
    const stay = await ok(placed, 201);
    const placement = stay.placements[0]!;
    expect(header(placed, "location")).toBe(`/v1/pets/${petId}/placements/${placement.id}`);
    expect(placement).toEqual({ id: placement.id, from: "2026-11-11", personal: carer });
    const overlap = await api(`/v1/pets/${petId}/placements`, { json: { from: "2026-11-12", personal: carer } });
    expectError(overlap, 409, "record_conflict");
    const path = `/v1/pets/${petId}/placements/${placement.id}`;
    const ended = await ok(await api(path, { method: "PATCH", json: { until: "2026-11-20" } }));
    expect(ended.placements[0]?.until).toBe("2026-11-20");
    expectError(await api(path, { method: "PATCH", json: { until: "2026-11-19" } }), 400, "invalid_body");
    const moved = await ok(
      await api(path, { method: "PATCH", json: { until: "2026-11-19", reason: `reason ${marker}` } }),
    );
    expect(moved.placements[0]?.until).toBe("2026-11-19");
    expectError(
      await api(`/v1/pets/${petId}/placements/999999999`, { method: "PATCH", json: { until: "2026-11-19" } }),
      404,
      "not_found",
    );
  });

  it("answers the personal parts only to a key holding applications:read", async () => {
    // Issued through the keys API, so the server knows it at once (no wait on its key cache).
    const response = await api("/v1/keys", {
      json: { name: "stays without applications", scopes: ["pets:read", "pets:write"] },
    });
    expect(response.status, response.text).toBe(201);
    const issued = { key: response.json.secret as string };
    const stays = (await ok(await api(`/v1/pets/${petId}/stays`, { key: issued.key }))) as unknown as Stay[];
    expect(stays).toHaveLength(2);
    expect(JSON.stringify(stays)).not.toContain("personal");
    expect(stays[0]?.outcome).toEqual({ at: "2026-11-05T09:00:00Z", type: "adoption" });
    const other = (await createPet()).id;
    const written = await ok(await postIntake(other, "2026-11-01T09:00:00Z", issued.key));
    expect(written.intake.personal).toBeUndefined();
    const full = await ok(await api(`/v1/stays/${written.id}`));
    expect(full.intake.personal).toEqual(intake("2026-11-01T09:00:00Z").personal);
  });

  it("records each write in the audit, and its events carry no personal data", async () => {
    const response = await api(`/v1/audit?resource=stay:${first.id}`);
    expect(response.status, response.text).toBe(200);
    const types = (response.json as { type: string }[]).map((entry) => entry.type);
    expect(types).toEqual([
      "stay.closed",
      "stay.reopened",
      "stay.corrected",
      "stay.corrected",
      "stay.closed",
      "stay.corrected",
      "stay.opened",
    ]);
    const feed = await feedText();
    expect(feed).toContain(`"stay.placement_changed"`);
    for (const word of PERSONAL_WORDS) expect(feed).not.toContain(word);
  });
});
