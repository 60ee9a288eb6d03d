import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api, expectError, header, type ApiResponse } from "@/tests/api/support/api";
import { issueTestKey } from "@/tests/api/support/issued-keys";
import { signedInPerson } from "@/tests/api/support/people";
import { createPet } from "@/tests/api/support/pets";

/*
 * Adoption applications as staff and API clients see them (issue 26): /v1/applications on
 * the suite's server, with its all-scopes key unless a test says otherwise. The adopters'
 * form and its spam defences are tests/api/adopters-applications.test.ts's.
 */

interface Application {
  id: number;
  reference: string;
  petId: number;
  state: string;
  source: string;
  suspect: string[];
  orderId?: number;
  decidedAt?: string;
  erasedAt?: string;
  answers?: Record<string, unknown>;
  notes?: { text: string; at: string; by: { type: string }; byName?: string }[];
  declineReason?: string;
}

/** Answers as an adopter gives them on the phone; `marker` makes the free text findable. */
function answersOf(email: string, marker = randomUUID().slice(0, 8)) {
  return {
    name: `Robin Adopter ${marker}`,
    email,
    phone: "+44 20 7946 0000",
    adults: 2,
    childrenAges: [7],
    otherAnimals: "",
    homeType: "house",
    tenure: "rent",
    landlordConsent: "yes",
    garden: "private",
    hoursAlone: 3,
    experience: `Grew up with dogs ${marker}`,
    whyThisAnimal: `Calm and kind ${marker}`,
    consentToContact: true,
  };
}

const uniqueEmail = () => `adopter-${randomUUID().slice(0, 8)}@example.org`;

async function enter(petId: number, email = uniqueEmail(), key?: string): Promise<Application> {
  const response = await api("/v1/applications", { json: { petId, answers: answersOf(email) }, key });
  expect(response.status, response.text).toBe(201);
  return response.json as Application;
}

const move = (id: number, json: unknown, key?: string) => api(`/v1/applications/${id}`, { method: "PATCH", json, key });

async function petStatus(petId: number): Promise<string> {
  const listed = await api(`/v1/pets?id=${petId}`);
  expect(listed.status, listed.text).toBe(200);
  return (listed.json as { status: string }[])[0]!.status;
}

/** Every event in the feed, as text (the tests look for personal data in it). */
async function feedText(): Promise<string> {
  const pages: string[] = [];
  let next = "/v1/events?limit=100";
  for (;;) {
    const page: ApiResponse = await api(next);
    expect(page.status, page.text).toBe(200);
    pages.push(page.text);
    if ((page.json as unknown[]).length < 100) return pages.join("\n");
    next = /^<([^>]+)>/.exec(header(page, "link"))![1]!;
  }
}

describe("/v1/applications", () => {
  it("staff enter an application taken by phone; it is read, listed, filtered and paged", async () => {
    const pet = await createPet();
    const email = uniqueEmail();
    const created = await api("/v1/applications", {
      json: { petId: pet.id, answers: answersOf(` ${email.toUpperCase()} `) },
    });
    expect(created.status, created.text).toBe(201);
    const application = created.json as Application;
    expect(header(created, "location")).toBe(`/v1/applications/${application.id}`);
    expect(application).toMatchObject({ petId: pet.id, state: "submitted", source: "staff", suspect: [], notes: [] });
    expect(application.reference).toMatch(/^A-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(application.answers).toMatchObject({ email, adults: 2, landlordConsent: "yes" });
    expect(Object.keys(application)).not.toEqual(expect.arrayContaining(["personal"]));
    expect(created.text).not.toMatch(/digest/i);

    // The same person again for the same animal: answered with the first, nothing added.
    const again = await api("/v1/applications", { json: { petId: pet.id, answers: answersOf(email) } });
    expect(again.status, again.text).toBe(200);
    expect(again.json.id).toBe(application.id);

    expect((await api(`/v1/applications/${application.id}`)).json).toEqual(application);
    const others = [await enter(pet.id), await enter(pet.id)];

    const forPet = await api(`/v1/applications?petId=${pet.id}`);
    expect(forPet.status, forPet.text).toBe(200);
    expect((forPet.json as Application[]).map(({ id }) => id)).toEqual([others[1]!.id, others[0]!.id, application.id]);
    const approved = await api(`/v1/applications?petId=${pet.id}&state=approved`);
    expect(approved.json).toEqual([]);
    const old = await api(`/v1/applications?petId=${pet.id}&olderThanDays=7`);
    expect(old.status, old.text).toBe(200);
    expect(old.json).toEqual([]);

    const first = await api(`/v1/applications?petId=${pet.id}&state=submitted&limit=2`);
    const link = header(first, "link");
    expect(link).toMatch(/^<\/v1\/applications\?limit=2&state=submitted&petId=\d+&cursor=[\w-]+>; rel="next"$/);
    const second = await api(/^<([^>]+)>/.exec(link)![1]!);
    expect(second.status, second.text).toBe(200);
    expect([...first.json, ...second.json].map(({ id }: Application) => id)).toEqual(
      (forPet.json as Application[]).map(({ id }) => id),
    );
    expect(second.headers.link).toBeUndefined();

    // An age-filtered listing's next link names its cutoff, so every page has the first page's.
    const cutoff = new Date(Date.now() + 60_000).toISOString();
    const aged = await api(`/v1/applications?petId=${pet.id}&limit=2&submittedBefore=${cutoff}`);
    expect(aged.json).toHaveLength(2);
    const agedLink = /^<([^>]+)>/.exec(header(aged, "link"))![1]!;
    expect(new URL(agedLink, "http://x").searchParams.get("submittedBefore")).toBe(cutoff);
    expect((await api(agedLink)).json).toHaveLength(1);
    expectError(await api(`/v1/applications?olderThanDays=7&submittedBefore=${cutoff}`), 400, "invalid_query");
  });

  it("refuses bad input with the JSON Error body, naming the fields", async () => {
    const pet = await createPet();
    const { id } = await enter(pet.id);
    const post = (json: unknown) => api("/v1/applications", { json });

    const missing = await post({ petId: pet.id });
    expectError(missing, 400, "invalid_body");
    expect(missing.json.details).toEqual([{ field: "answers", message: "is required" }]);
    const badAnswers = await post({
      petId: pet.id,
      answers: { ...answersOf(uniqueEmail()), adults: 0, tenure: "rent", landlordConsent: undefined },
    });
    expectError(badAnswers, 400, "invalid_body");
    expect(badAnswers.json.details).toEqual([
      { field: "answers.adults", message: expect.any(String) },
      { field: "answers.landlordConsent", message: expect.any(String) },
    ]);
    expect(badAnswers.json.message).toMatch(/^Invalid application: answers\.adults .+; answers\.landlordConsent /);
    expectError(await post({ petId: pet.id, answers: answersOf(uniqueEmail()), spam: true }), 400, "invalid_body");
    expectError(await post({ petId: 2 ** 52, answers: answersOf(uniqueEmail()) }), 422, "unknown_pet");
    const sold = await createPet({ status: "sold" });
    expectError(await post({ petId: sold.id, answers: answersOf(uniqueEmail()) }), 409, "pet_not_available");

    expectError(await api("/v1/applications/abc"), 400, "invalid_application_id");
    expectError(await api("/v1/applications/999999999"), 404, "not_found");
    expectError(await move(999999999, { state: "in_review" }), 404, "not_found");
    expectError(await api("/v1/applications?state=lost"), 400, "invalid_query");
    expectError(await api("/v1/applications?olderThanDays=0"), 400, "invalid_query");
    expectError(await api("/v1/applications?sort=name"), 400, "invalid_query");

    const noReason = await move(id, { state: "declined" });
    expectError(noReason, 400, "invalid_body");
    expect(noReason.json.details).toEqual([{ field: "reason", message: "is required to decline" }]);
    expectError(await move(id, { state: "declined", reason: "   " }), 400, "invalid_body");
    expectError(await move(id, { state: "approved", reason: "why not" }), 400, "invalid_body");
    expectError(await move(id, { state: "adopted" }), 400, "invalid_body");
    expectError(await move(id, { state: "in_review", note: "x" }), 400, "invalid_body");
    const emptyNote = await api(`/v1/applications/${id}/notes`, { json: { text: " " } });
    expectError(emptyNote, 400, "invalid_body");
    expect(emptyNote.json.details).toEqual([{ field: "text", message: "is required" }]);
    const badEmail = await api("/v1/applications/personal-data/export", { json: { email: "robin at home" } });
    expectError(badEmail, 400, "invalid_body");
    expect(badEmail.json.message).not.toContain("robin at home");
    expectError(await api("/v1/applications/personal-data/erase", { method: "GET" }), 405, "method_not_allowed");
    expect((await api(`/v1/applications/${id}`)).json.state).toBe("submitted");
  });

  it("approving places the order that holds the animal; the others wait; declining needs a reason; withdrawing cancels the order", async () => {
    const pet = await createPet();
    const chosen = await enter(pet.id);
    const backup = await enter(pet.id);

    const reviewing = await move(chosen.id, { state: "in_review" });
    expect(reviewing.status, reviewing.text).toBe(200);
    expect(reviewing.json).toMatchObject({ state: "in_review" });
    expect(reviewing.json.decidedAt).toBeUndefined();

    const approved = await move(chosen.id, { state: "approved" });
    expect(approved.status, approved.text).toBe(200);
    const { orderId, decidedAt } = approved.json as Application;
    expect(orderId).toEqual(expect.any(Number));
    expect(decidedAt).toEqual(expect.any(String));
    const order = await api(`/v1/store/orders/${orderId}`);
    expect(order.json).toMatchObject({ petId: pet.id, status: "placed" });
    expect(order.text).not.toContain("Robin");
    expect(await petStatus(pet.id)).toBe("pending");
    expect((await move(chosen.id, { state: "approved" })).json.orderId).toBe(orderId); // asked twice: as it is

    const refused = await move(backup.id, { state: "approved" });
    expect(expectError(refused, 409, "application_conflict")).toMatch(/already held by another adoption/);
    expect((await api(`/v1/applications/${backup.id}`)).json.state).toBe("submitted");

    const note = await api(`/v1/applications/${backup.id}/notes`, { json: { text: " Call back after the weekend " } });
    expect(note.status, note.text).toBe(200);
    expect(note.json.notes).toEqual([
      { text: "Call back after the weekend", at: expect.any(String), by: { type: "api_key", id: expect.any(String) } },
    ]);

    const declined = await move(backup.id, { state: "declined", reason: "No garden for a large dog" });
    expect(declined.status, declined.text).toBe(200);
    expect(declined.json).toMatchObject({ state: "declined", declineReason: "No garden for a large dog" });
    const final = await move(backup.id, { state: "in_review" });
    expect(expectError(final, 409, "application_conflict")).toMatch(/declined/);
    expect(final.json.currentStatus).toBe("declined");

    const withdrawn = await move(chosen.id, { state: "withdrawn" });
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect((await api(`/v1/store/orders/${orderId}`)).json.status).toBe("cancelled");
    expect(await petStatus(pet.id)).toBe("available");
  });

  it("notes carry their author's name to callers who may read people and to the author, never to others", async () => {
    const pet = await createPet();
    const { id } = await enter(pet.id);
    // One after the other: the sign-in gate takes a few password checks at once (decision 205).
    const staff = await signedInPerson("staff", "notewriter");
    const other = await signedInPerson("staff", "colleague");
    const peopleReader = await issueTestKey("applications and people", ["applications:read", "people:read"]);
    await sleep(600); // the server's key cache
    const written = await api(`/v1/applications/${id}/notes`, { json: { text: "Called back" }, key: staff.bearer });
    expect(written.status, written.text).toBe(200);
    expect(written.json.notes).toEqual([
      { text: "Called back", at: expect.any(String), by: { type: "person", id: staff.id }, byName: staff.name },
    ]);
    const [admin, colleague] = [
      await api(`/v1/applications/${id}`, { key: peopleReader.key }),
      await api(`/v1/applications?petId=${pet.id}`, { key: other.bearer }),
    ];
    expect((admin.json as Application).notes![0]!.byName).toBe(staff.name);
    const [seen] = colleague.json as Application[];
    expect(seen!.notes![0]).not.toHaveProperty("byName");
    expect(colleague.text).not.toContain(staff.name);
  });

  it("a completed adoption is past what its application can undo", async () => {
    const pet = await createPet();
    const { id } = await enter(pet.id);
    const { orderId } = (await move(id, { state: "approved" })).json as Application;
    for (const status of ["approved", "delivered"]) {
      const moved = await api(`/v1/store/orders/${orderId}`, { method: "PATCH", json: { status } });
      expect(moved.status, moved.text).toBe(200);
    }
    const refused = await move(id, { state: "withdrawn" });
    expect(expectError(refused, 409, "application_conflict")).toMatch(/adoption is complete/);
    expect(refused.json.currentStatus).toBe("approved");
    expect(await petStatus(pet.id)).toBe("sold");
  });

  it("cancelling an application's order from the orders' side withdraws the application in the same step", async () => {
    const pet = await createPet();
    const { id } = await enter(pet.id);
    const { orderId } = (await move(id, { state: "approved" })).json as Application;
    const cancelled = await api(`/v1/store/orders/${orderId}`, {
      method: "PATCH",
      json: { status: "cancelled", note: "Family moving abroad" },
    });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json).toMatchObject({ id: orderId, status: "cancelled", note: "Family moving abroad" });
    expect((await api(`/v1/applications/${id}`)).json).toMatchObject({ state: "withdrawn", orderId });
    expect(await petStatus(pet.id)).toBe("available");
    const again = await api(`/v1/store/orders/${orderId}`, { method: "PATCH", json: { status: "cancelled" } });
    expect(again.json).toMatchObject({ code: "order_status_conflict", status: 409, currentStatus: "cancelled" });
    expect((await enter(pet.id)).state).toBe("submitted"); // the animal can be applied for again
  });

  it("needs applications:read to read, applications:write to act and applications:erase for one person's data", async () => {
    const pet = await createPet();
    const { id } = await enter(pet.id);
    const [reader, stranger] = await Promise.all([
      issueTestKey("applications reader", ["applications:read"]),
      issueTestKey("no applications", ["pets:read", "orders:read"]),
    ]);
    const [volunteer, staff] = await Promise.all([signedInPerson("volunteer"), signedInPerson("staff")]);
    await sleep(600); // the server's key cache

    for (const key of [reader.key, volunteer.bearer]) {
      expect((await api(`/v1/applications/${id}`, { key })).status).toBe(200);
      expect((await api(`/v1/applications?petId=${pet.id}`, { key })).status).toBe(200);
      expectError(await move(id, { state: "approved" }, key), 403, "insufficient_scope");
      expectError(await api(`/v1/applications/${id}/notes`, { json: { text: "hi" }, key }), 403, "insufficient_scope");
      expectError(
        await api("/v1/applications", { json: { petId: pet.id, answers: answersOf(uniqueEmail()) }, key }),
        403,
        "insufficient_scope",
      );
    }
    expectError(await api("/v1/applications", { key: stranger.key }), 403, "insufficient_scope");
    expectError(await api(`/v1/applications/${id}`, { key: stranger.key }), 403, "insufficient_scope");

    // Staff decide applications, but exporting or erasing a person's data is an admin's.
    expect((await move(id, { state: "in_review" }, staff.bearer)).status).toBe(200);
    const body = { json: { email: uniqueEmail() }, key: staff.bearer };
    expectError(await api("/v1/applications/personal-data/export", body), 403, "insufficient_scope");
    expectError(await api("/v1/applications/personal-data/erase", body), 403, "insufficient_scope");
  });

  it("exports and erases one person's data: the applications stay without it, and no event ever held it", async () => {
    const email = uniqueEmail();
    const [rex, tess] = [await createPet(), await createPet()];
    const first = await enter(rex.id, email);
    const second = await enter(tess.id, email);
    const someoneElse = await enter(rex.id);
    await api(`/v1/applications/${first.id}/notes`, { json: { text: "Met them at the open day" } });
    await move(second.id, { state: "declined", reason: "Works twelve-hour shifts" });

    const exported = await api("/v1/applications/personal-data/export", { json: { email: email.toUpperCase() } });
    expect(exported.status, exported.text).toBe(200);
    const mine = exported.json as Application[];
    expect(mine.map(({ id }) => id)).toEqual([second.id, first.id]);
    expect(mine[1]!.notes![0]!.text).toBe("Met them at the open day");
    expect(mine[0]!.declineReason).toBe("Works twelve-hour shifts");
    expect(exported.text).toContain(email);

    const erased = await api("/v1/applications/personal-data/erase", { json: { email } });
    expect(erased.status, erased.text).toBe(200);
    expect(erased.json).toEqual({ erased: 2 });
    for (const { id } of [first, second]) {
      const read = await api(`/v1/applications/${id}`);
      expect(read.json.erasedAt).toEqual(expect.any(String));
      expect(read.json).not.toHaveProperty("answers");
      expect(read.json).not.toHaveProperty("notes");
      expect(read.json).not.toHaveProperty("declineReason");
    }
    expect((await api("/v1/applications/personal-data/erase", { json: { email } })).json).toEqual({ erased: 0 });
    expect((await api("/v1/applications/personal-data/export", { json: { email } })).json).toEqual([]);
    expectError(
      await api(`/v1/applications/${first.id}/notes`, { json: { text: "again" } }),
      409,
      "application_conflict",
    );
    expect((await api(`/v1/applications/${someoneElse.id}`)).json.answers).toBeDefined();

    const feed = await feedText();
    for (const { id } of [first, second])
      expect(feed).toMatch(new RegExp(`"application\\.erased".{0,200}"id":${id}\\b`));
    // Nor did the server's log (access lines and all) ever hold it.
    const log = fs.readFileSync(inject("serverLogFile"), "utf8");
    for (const secret of [email, first.answers!.name, first.answers!.whyThisAnimal, "open day", "twelve-hour"]) {
      expect(feed).not.toContain(secret as string);
      expect(log).not.toContain(secret as string);
    }
  });

  it("of two approvals for one animal at the same moment exactly one wins, and one order holds it", async () => {
    for (let round = 0; round < 3; round++) {
      const pet = await createPet();
      const [a, b] = await Promise.all([enter(pet.id), enter(pet.id)]);
      const answers = await Promise.all([move(a.id, { state: "approved" }), move(b.id, { state: "approved" })]);
      expect(answers.map(({ status }) => status).sort(), answers.map(({ text }) => text).join("\n")).toEqual([
        200, 409,
      ]);
      const lost = answers.find(({ status }) => status === 409)!;
      expect(lost.json.code).toBe("application_conflict");
      const orders = await api(`/v1/store/orders?petId=${pet.id}`);
      expect(orders.json).toHaveLength(1);
      expect(orders.json[0].id).toBe(answers.find(({ status }) => status === 200)!.json.orderId);
      expect(await petStatus(pet.id)).toBe("pending");
    }
  });
});

describe("the OpenAPI document", () => {
  let document: { paths: Record<string, Record<string, { "x-stability": string }>> };
  beforeAll(async () => {
    document = (await api("/v1/openapi.json")).json;
  });

  it("describes every application operation as experimental", () => {
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith("/applications"))
      .flatMap(([, item]) => Object.values(item));
    expect(operations).toHaveLength(7);
    expect(new Set(operations.map((operation) => operation["x-stability"]))).toEqual(new Set(["experimental"]));
  });
});
