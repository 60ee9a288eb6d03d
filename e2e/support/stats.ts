import { expect, type APIRequestContext } from "@playwright/test";
import { authorization } from "./pets";
import { createPet } from "./record";

/*
 * Seeding the statistics' stories (issue 42) over /v1: an animal whose whole stay lies in a
 * month long past, so the figures of that month count only what the story recorded, whatever
 * the stories running beside it record today.
 */

type Stay = { id: number };

/** A pet created through the plain API, its stay moved to `intakeAt` as `type` and ended at `outcomeAt`. */
export async function pastStay(
  request: APIRequestContext,
  prefix: string,
  stay: { intakeAt: string; type: string; outcomeAt: string; outcome: string; subtype?: string },
) {
  const pet = await createPet(request, prefix);
  const stays = await request.get(`/v1/pets/${pet.id}/stays`, { headers: authorization });
  const [open] = (await stays.json()) as Stay[];
  expect(open).toBeDefined();
  const corrected = await request.patch(`/v1/stays/${open!.id}/intake`, {
    headers: authorization,
    data: { at: stay.intakeAt, type: stay.type, subtype: null, reason: "Seeded by the story: an old stay" },
  });
  expect(corrected.ok(), await corrected.text()).toBe(true);
  const ended = await request.post(`/v1/stays/${open!.id}/outcome`, {
    headers: authorization,
    data: { at: stay.outcomeAt, type: stay.outcome, subtype: stay.subtype },
  });
  expect(ended.ok(), await ended.text()).toBe(true);
  return { ...pet, stayId: open!.id };
}
