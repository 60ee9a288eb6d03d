import "./zod-without-eval";
import * as z from "zod";
import type { NewPlacement, PlacementChange } from "@/lib/animal-record/foster-schemas";
import type { OutcomeCorrection } from "@/lib/animal-record/stay-correction-schemas";
import { Stay, type NewIntake, type NewOutcome, type NewReturn } from "@/lib/animal-record/stay-schemas";
import { callV1 } from "./call-v1";

/*
 * The console's calls to an animal's stays (issue 41; experimental operations, so plain fetch).
 * Every answer is a Stay, checked against the schema the server answers from.
 */

const Stays = z.array(Stay);

export async function listPetStaysWithKey(apiKey: string, petId: number): Promise<Stay[]> {
  const { json } = await callV1(apiKey, "GET", `/v1/pets/${petId}/stays`);
  return Stays.parse(json);
}

export async function recordIntakeWithKey(apiKey: string, petId: number, intake: NewIntake): Promise<Stay> {
  const { json } = await callV1(apiKey, "POST", `/v1/pets/${petId}/stays`, intake);
  return Stay.parse(json);
}

export async function recordOutcomeWithKey(apiKey: string, stayId: number, outcome: NewOutcome): Promise<Stay> {
  const { json } = await callV1(apiKey, "POST", `/v1/stays/${stayId}/outcome`, outcome);
  return Stay.parse(json);
}

export async function correctOutcomeWithKey(
  apiKey: string,
  stayId: number,
  correction: OutcomeCorrection,
): Promise<Stay> {
  const { json } = await callV1(apiKey, "PATCH", `/v1/stays/${stayId}/outcome`, correction);
  return Stay.parse(json);
}

export async function placeInFosterWithKey(apiKey: string, petId: number, placement: NewPlacement): Promise<Stay> {
  const { json } = await callV1(apiKey, "POST", `/v1/pets/${petId}/placements`, placement);
  return Stay.parse(json);
}

export async function changePlacementWithKey(
  apiKey: string,
  petId: number,
  placementId: number,
  change: PlacementChange,
): Promise<Stay> {
  const { json } = await callV1(apiKey, "PATCH", `/v1/pets/${petId}/placements/${placementId}`, change);
  return Stay.parse(json);
}

/** An adopted animal brought back: opens a stay of type returned_adoption (docs/decisions/250). */
export async function recordReturnWithKey(apiKey: string, petId: number, back: NewReturn): Promise<Stay> {
  const { json } = await callV1(apiKey, "POST", `/v1/pets/${petId}/returns`, back);
  return Stay.parse(json);
}
