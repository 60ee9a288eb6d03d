import "server-only";
import { getPetStore, getResourceStore } from "@/lib/composition";
import { medicalStorage } from "./medical-resource-storage";
import { PetNotFoundError } from "@/lib/pets/pet-errors";
import type { HealthFacts, HealthFactsCorrection, WeightEntry } from "./health-schemas";
import type { MedicalEntry, MedicalEntryCorrection, NewMedicalEntry, TreatmentItem } from "./medical-schemas";
import { MedicalEntryNotFoundError } from "./medical-store";
import { UnknownTreatmentError } from "./record-errors";
import type { NewTreatmentItem, TreatmentItemChange } from "./treatment-item-schemas";

/*
 * The medical record's use cases, as /v1 serves them (./medical-api.ts): each reaches the
 * store through the composition root; the rules run inside the store's write. A pet, item or
 * entry named in the path that does not exist is `undefined` (the API's 404); one named in a
 * body is the store's refusal (422).
 */

const medical = () => getResourceStore(medicalStorage);

/** Undefined when `work` found no such pet (a path's pet: 404, not a body's 422). */
async function ofPet<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PetNotFoundError) return undefined;
    throw error;
  }
}

const petExists = async (petId: number) => (await (await getPetStore()).get(petId)) !== undefined;

export const listTreatmentItems = async (): Promise<TreatmentItem[]> => (await medical()).listItems();

export const addTreatmentItem = async (item: NewTreatmentItem): Promise<TreatmentItem> =>
  (await medical()).addItem(item);

export async function changeTreatmentItem(id: number, change: TreatmentItemChange): Promise<TreatmentItem | undefined> {
  try {
    return await (await medical()).changeItem(id, change);
  } catch (error) {
    if (error instanceof UnknownTreatmentError && error.itemId === id) return undefined;
    throw error;
  }
}

export async function listMedicalEntries(petId: number): Promise<MedicalEntry[] | undefined> {
  return (await petExists(petId)) ? (await medical()).listEntries(petId) : undefined;
}

export async function recordMedicalEntry(petId: number, entry: NewMedicalEntry): Promise<MedicalEntry | undefined> {
  const store = await medical();
  return ofPet(() => store.recordEntry(petId, entry));
}

export const getMedicalEntry = async (id: number): Promise<MedicalEntry | undefined> => (await medical()).getEntry(id);

export async function correctMedicalEntry(
  id: number,
  correction: MedicalEntryCorrection,
): Promise<MedicalEntry | undefined> {
  try {
    return await (await medical()).correctEntry(id, correction);
  } catch (error) {
    if (error instanceof MedicalEntryNotFoundError) return undefined;
    throw error;
  }
}

export async function getHealthFacts(petId: number): Promise<HealthFacts | undefined> {
  return (await petExists(petId)) ? (await medical()).getHealthFacts(petId) : undefined;
}

export async function changeHealthFacts(petId: number, patch: HealthFactsCorrection): Promise<HealthFacts | undefined> {
  const store = await medical();
  return ofPet(() => store.changeHealthFacts(petId, patch));
}

export async function addWeight(petId: number, weight: WeightEntry): Promise<HealthFacts | undefined> {
  const store = await medical();
  return ofPet(() => store.addWeight(petId, weight));
}
