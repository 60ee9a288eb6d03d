import fs from "node:fs";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api } from "./support/api";
import { createPet, uniqueName } from "./support/pets";
import { issueTestKey } from "./support/issued-keys";
import { signedInPerson } from "./support/people";

/*
 * Issue 41: the due list over /v1 and the staff's iCalendar feed (docs/decisions/258). The
 * shelter's zone is the suite's default, UTC.
 */

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const moment = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString();

type DueItem = { petId: number; itemId: number; itemName: string; due: string; where: string };

/** A pet in care: its open stay (the one its creation recorded, or an intake now). */
async function petInCare(name: string): Promise<number> {
  const pet = await createPet({ name });
  const stays = await api(`/v1/pets/${pet.id}/stays`);
  expect(stays.status).toBe(200);
  if (!(stays.json as { outcome?: unknown }[]).some((stay) => stay.outcome === undefined)) {
    const intake = { at: moment(-20), type: "stray", condition: "healthy", sourceKind: "unknown" };
    expect((await api(`/v1/pets/${pet.id}/stays`, { json: intake })).status).toBe(201);
  }
  return pet.id;
}

async function addItem(name: string): Promise<number> {
  const created = await api("/v1/medical/items", { json: { name, kind: "treatment" } });
  expect(created.status).toBe(201);
  return created.json.id as number;
}

async function recordDue(petId: number, itemId: number, givenOn: string, nextDue: string): Promise<void> {
  const entry = { itemId, givenOn, givenBy: "Lakeside Vets", nextDue };
  const recorded = await api(`/v1/pets/${petId}/medical`, { json: entry });
  expect(recorded.status, recorded.text).toBe(201);
}

function logText(): string {
  return fs.readFileSync(inject("serverLogFile"), "utf8");
}

/** The feed at `url` (the path and query of the address issuing answered), asked without a key. */
const feed = (url: string) => {
  const { pathname, search } = new URL(url);
  return api(`${pathname}${search}`, { key: null });
};

let inCare: number;
let gone: number;
let dewormer: number;
let eyeDrops: number;

beforeAll(async () => {
  [dewormer, eyeDrops] = [await addItem(uniqueName("Dewormer")), await addItem(uniqueName("Eye drops"))];
  inCare = await petInCare(uniqueName("Rex"));
  await recordDue(inCare, dewormer, day(-10), day(-3)); // overdue
  await recordDue(inCare, eyeDrops, day(-1), day(2)); // this week
  gone = await petInCare(uniqueName("Gone"));
  await recordDue(gone, dewormer, day(-10), day(-2));
  const outcome = { at: moment(0), type: "returned_to_owner" }; // after any intake, even one recorded at its creation
  const open = (await api(`/v1/pets/${gone}/stays`)).json as { id: number; outcome?: unknown }[];
  const stayId = open.find((stay) => stay.outcome === undefined)!.id;
  expect((await api(`/v1/stays/${stayId}/outcome`, { json: outcome })).status).toBe(200);
});

describe("the due list", () => {
  it("lists what is overdue and due this week for the animals in care, not for one that left", async () => {
    const answer = await api("/v1/medical/due");
    expect(answer.status).toBe(200);
    const { today, overdue, thisWeek } = answer.json as { today: string; overdue: DueItem[]; thisWeek: DueItem[] };
    expect(today).toBe(day(0));
    expect(overdue.filter((item) => item.petId === inCare)).toEqual([
      expect.objectContaining({ petId: inCare, itemId: dewormer, due: day(-3), where: "shelter" }),
    ]);
    expect(thisWeek.filter((item) => item.petId === inCare)).toEqual([
      expect.objectContaining({ petId: inCare, itemId: eyeDrops, due: day(2), where: "shelter" }),
    ]);
    expect([...overdue, ...thisWeek].filter((item) => item.petId === gone)).toEqual([]);
  });

  it("is refused without medical:read, as issuing a feed is", async () => {
    const { key } = await issueTestKey("pets-only", ["pets:read"]);
    await new Promise((resolve) => setTimeout(resolve, 600)); // the server's key cache may be half a second old
    const refused = await api("/v1/medical/due", { key });
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe("insufficient_scope");
    expect((await api("/v1/medical/calendar-token", { key, method: "POST" })).status).toBe(403);
  });
});

describe("the calendar feed", () => {
  it("serves the due list as iCalendar with its token, and 404 once replaced or revoked, the token never logged", async () => {
    const issued = await api("/v1/medical/calendar-token", { method: "POST" });
    expect(issued.status).toBe(200);
    const url = issued.json.url as string;
    const token = new URL(url).searchParams.get("token")!;
    expect(new URL(url).pathname).toBe("/calendar/due.ics");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const served = await feed(url);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(served.headers["cache-control"]).toBe("no-store");
    expect(served.text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(served.text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(served.text.replaceAll("\r\n", "")).not.toMatch(/[\r\n]/); // every line ends in CRLF
    const due = (await api("/v1/medical/due")).json as { overdue: DueItem[]; thisWeek: DueItem[] };
    expect(served.text.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(due.overdue.length + due.thisWeek.length);
    expect(served.text).toContain(`UID:due-${inCare}-${dewormer}-${day(-3).replaceAll("-", "")}@`);
    expect(served.text).not.toContain(`UID:due-${gone}-`);

    const again = await api("/v1/medical/calendar-token", { method: "POST" });
    expect((await feed(url)).status).toBe(404); // replaced
    expect((await feed(again.json.url as string)).status).toBe(200);
    expect((await api("/v1/medical/calendar-token", { method: "DELETE" })).status).toBe(204);
    const revoked = await feed(again.json.url as string);
    expect(revoked.status).toBe(404);
    expect(revoked.json.code).toBe("not_found");
    expect((await api("/v1/medical/calendar-token", { method: "DELETE" })).status).toBe(204);
    expect((await feed(`http://x/calendar/due.ics?token=${"A".repeat(43)}`)).status).toBe(404);
    expect((await feed("http://x/calendar/due.ics")).status).toBe(404);

    await new Promise((resolve) => setTimeout(resolve, 300)); // access lines are written after the turn ends
    const lines = logText().split("\n");
    expect(lines.filter((line) => line.includes('"route":"/calendar/due.ics"')).length).toBeGreaterThanOrEqual(4);
    for (const secret of [token, new URL(again.json.url as string).searchParams.get("token")!]) {
      expect(lines.filter((line) => line.includes(secret))).toEqual([]);
    }
  });

  it("stops serving a key's feed once the key is revoked: it dies with its holder's power", async () => {
    const { key, record } = await issueTestKey("calendar-reader", ["medical:read"]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    const issued = await api("/v1/medical/calendar-token", { key, method: "POST" });
    expect(issued.status).toBe(200);
    expect((await feed(issued.json.url as string)).status).toBe(200);
    expect((await api(`/v1/keys/${record.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await feed(issued.json.url as string)).status).toBe(404);
  });

  it("serves a volunteer's feed until they are deactivated, and not again once they are back", async () => {
    const volunteer = await signedInPerson("volunteer", "calendar-volunteer");
    const issued = await api("/v1/medical/calendar-token", { key: volunteer.bearer, method: "POST" });
    expect(issued.status).toBe(200);
    expect((await feed(issued.json.url as string)).status).toBe(200);
    const people = (active: boolean) =>
      api(`/v1/people/${volunteer.id}`, {
        method: "PATCH",
        json: { active },
        contentType: "application/merge-patch+json",
      });
    expect((await people(false)).status).toBe(200);
    expect((await feed(issued.json.url as string)).status).toBe(404);
    expect((await people(true)).status).toBe(200);
    expect((await feed(issued.json.url as string)).status).toBe(404); // revoked for good when refused
  });
});
