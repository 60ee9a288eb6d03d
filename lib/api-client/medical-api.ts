import "./zod-without-eval";
import * as z from "zod";
import { HealthFacts, type HealthFactsCorrection, type WeightEntry } from "@/lib/animal-record/health-schemas";
import { MedicalEntry, TreatmentItem, type NewMedicalEntry } from "@/lib/animal-record/medical-schemas";
import type { NewTreatmentItem, TreatmentItemChange } from "@/lib/animal-record/treatment-item-schemas";
import { callV1 } from "./call-v1";

/*
 * The console's calls to an animal's medical record and the shelter's treatment list
 * (issue 41; medical:read / medical:write, docs/decisions/249). Plain fetch, answers checked
 * against the schemas the server answers from.
 */

const TreatmentItems = z.array(TreatmentItem);
const MedicalEntries = z.array(MedicalEntry);

export async function listTreatmentItemsWithKey(apiKey: string): Promise<TreatmentItem[]> {
  const { json } = await callV1(apiKey, "GET", "/v1/medical/items");
  return TreatmentItems.parse(json);
}

export async function addTreatmentItemWithKey(apiKey: string, item: NewTreatmentItem): Promise<TreatmentItem> {
  const { json } = await callV1(apiKey, "POST", "/v1/medical/items", item);
  return TreatmentItem.parse(json);
}

export async function changeTreatmentItemWithKey(
  apiKey: string,
  itemId: number,
  change: TreatmentItemChange,
): Promise<TreatmentItem> {
  const { json } = await callV1(apiKey, "PATCH", `/v1/medical/items/${itemId}`, change);
  return TreatmentItem.parse(json);
}

export async function listMedicalEntriesWithKey(apiKey: string, petId: number): Promise<MedicalEntry[]> {
  const { json } = await callV1(apiKey, "GET", `/v1/pets/${petId}/medical`);
  return MedicalEntries.parse(json);
}

/** Records an entry; the server schedules its next due day from the item's interval (also the due list's "Mark given"). */
export async function recordMedicalEntryWithKey(
  apiKey: string,
  petId: number,
  entry: NewMedicalEntry,
): Promise<MedicalEntry> {
  const { json } = await callV1(apiKey, "POST", `/v1/pets/${petId}/medical`, entry);
  return MedicalEntry.parse(json);
}

export async function getHealthFactsWithKey(apiKey: string, petId: number): Promise<HealthFacts> {
  const { json } = await callV1(apiKey, "GET", `/v1/pets/${petId}/health`);
  return HealthFacts.parse(json);
}

export async function changeHealthFactsWithKey(
  apiKey: string,
  petId: number,
  patch: HealthFactsCorrection,
): Promise<HealthFacts> {
  const { json } = await callV1(apiKey, "PATCH", `/v1/pets/${petId}/health`, patch);
  return HealthFacts.parse(json);
}

export async function addWeightWithKey(apiKey: string, petId: number, weight: WeightEntry): Promise<HealthFacts> {
  const { json } = await callV1(apiKey, "POST", `/v1/pets/${petId}/weights`, weight);
  return HealthFacts.parse(json);
}
