import { randomUUID } from "node:crypto";
import { expect, type APIRequestContext } from "@playwright/test";
import { authorization } from "./pets";

/*
 * Seeding the animal's record over /v1 for the record's stories (issue 41). A pet created with
 * POST /v1/pets gets an "other intake" at its creation; these move its stay back in time, so
 * what a story then records "now" in the console comes after it, as real days do.
 */

type StayAnswer = { id: number; intake: { at: string }; outcome?: unknown };

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString().replace(/\.\d+Z$/, "Z");

/** Today in the shelter's zone (the test server runs in UTC), and days from it. */
export const todayUtc = () => new Date().toISOString().slice(0, 10);
export const daysFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * An animal staff are preparing: unlisted, so the gallery stories that count what adopters see,
 * which run beside these, never meet it (these are not *adoption.spec.ts stories).
 */
export async function createPet(request: APIRequestContext, prefix: string) {
  const name = `${prefix} ${randomUUID().slice(0, 6)}`;
  const created = await request.post("/v1/pets", {
    data: { name, categoryId: 1, listed: false },
    headers: authorization,
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  return { id, name };
}

async function openStay(request: APIRequestContext, petId: number): Promise<StayAnswer | undefined> {
  const answer = await request.get(`/v1/pets/${petId}/stays`, { headers: authorization });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as StayAnswer[]).find((stay) => stay.outcome === undefined);
}

/**
 * The pet in care since two hours ago, arrived as `type`: its creation's intake corrected, or
 * (where none was recorded) an intake recorded.
 */
export async function inCareSince(request: APIRequestContext, petId: number, type = "stray") {
  const intake = { at: hoursAgo(2), type, condition: "healthy", sourceKind: "unknown" };
  const open = await openStay(request, petId);
  const answer = open
    ? await request.patch(`/v1/stays/${open.id}/intake`, {
        headers: authorization,
        data: { ...intake, subtype: null, reason: "Seeded by the story: the animal came in two hours ago" },
      })
    : await request.post(`/v1/pets/${petId}/stays`, { headers: authorization, data: intake });
  expect(answer.ok(), await answer.text()).toBe(true);
  return (await answer.json()) as StayAnswer;
}

/** The pet's stay ended an hour ago (returned to its owner): it is not in care. */
export async function outOfCare(request: APIRequestContext, petId: number) {
  const stay = await inCareSince(request, petId, "stray");
  const answer = await request.post(`/v1/stays/${stay.id}/outcome`, {
    headers: authorization,
    data: { at: hoursAgo(1), type: "returned_to_owner" },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
}

/** A yearly vaccine on the shelter's list, named for this story. */
export async function addYearlyVaccine(request: APIRequestContext, prefix: string) {
  const name = `${prefix} ${randomUUID().slice(0, 4)}`;
  const answer = await request.post("/v1/medical/items", {
    headers: authorization,
    data: { name, kind: "vaccination", repeatEvery: { count: 1, unit: "years" } },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const { id } = (await answer.json()) as { id: number };
  return { id, name };
}
