import "server-only";
import { config } from "@/lib/config";
import { currentActor } from "@/lib/events/actor";
import { getPetStore, getResourceStore } from "@/lib/composition";
import { staysStorage } from "./stays-resource-storage";
import { PetNotFoundError } from "@/lib/pets/pet-errors";
import type { NewIntake, NewOutcome, NewReturn, Stay } from "./stay-schemas";
import type { IntakeCorrection, OutcomeCorrection, OutcomeWithdrawal } from "./stay-correction-schemas";
import type { NewPlacement, PlacementChange } from "./foster-schemas";
import type { RecordedIntake } from "./stay-store";

/*
 * The stays' use cases (issue 41, docs/decisions/252): what the /v1 operations and the console
 * call. Each resolves the store through the composition root, and hands it the shelter's zone
 * (its days decide placements) and who asks (the event's actor). Answers `undefined` for a
 * stay or placement that does not exist; PetNotFoundError for an unknown pet.
 */

const stores = () => getResourceStore(staysStorage);
const zoned = () => ({ timeZone: config.timeZone, actor: currentActor() });

async function knownPet(petId: number): Promise<void> {
  if (!(await (await getPetStore()).get(petId))) throw new PetNotFoundError(petId);
}

export async function listPetStays(petId: number): Promise<Stay[]> {
  await knownPet(petId);
  return (await stores()).listStays(petId);
}

export async function getStay(stayId: number): Promise<Stay | undefined> {
  return (await stores()).getStay(stayId);
}

/** The animals in care, by pet id. */
export async function listOpenStays(): Promise<Stay[]> {
  return (await stores()).listOpenStays();
}

/** Opens the animal's next stay, or fills its placeholder's intake (`filled`: docs/decisions/267). */
export async function recordIntake(petId: number, intake: NewIntake): Promise<RecordedIntake> {
  return (await stores()).recordIntake(petId, intake, { actor: currentActor() });
}

export async function recordReturn(petId: number, input: NewReturn): Promise<Stay> {
  return (await stores()).recordReturn(petId, input, { actor: currentActor() });
}

/** Ends stay `stayId`, which must be its animal's open one: the store checks it under its lock. */
export async function recordOutcome(stayId: number, outcome: NewOutcome): Promise<Stay | undefined> {
  const store = await stores();
  const stay = await store.getStay(stayId);
  return stay && store.recordOutcome(stay.petId, outcome, { ...zoned(), stayId });
}

export async function correctIntake(stayId: number, patch: IntakeCorrection): Promise<Stay | undefined> {
  const store = await stores();
  const stay = await store.getStay(stayId);
  return stay && store.correctIntake(stay.petId, stayId, patch, zoned());
}

export async function correctOutcome(stayId: number, patch: OutcomeCorrection): Promise<Stay | undefined> {
  const store = await stores();
  const stay = await store.getStay(stayId);
  return stay && store.correctOutcome(stay.petId, stayId, patch, zoned());
}

export async function withdrawOutcome(stayId: number, withdrawal: OutcomeWithdrawal): Promise<Stay | undefined> {
  const store = await stores();
  const stay = await store.getStay(stayId);
  return stay && store.withdrawOutcome(stay.petId, stayId, withdrawal, zoned());
}

export async function placeInFoster(petId: number, placement: NewPlacement): Promise<Stay> {
  return (await stores()).placeInFoster(petId, placement, zoned());
}

/** Changes placement `placementId` of the animal; undefined when the animal has no such placement. */
export async function changePlacement(
  petId: number,
  placementId: number,
  change: PlacementChange,
): Promise<Stay | undefined> {
  const store = await stores();
  const stays = await listPetStays(petId);
  if (!stays.some((stay) => stay.placements.some((placement) => placement.id === placementId))) return undefined;
  return store.changePlacement(petId, placementId, change, zoned());
}
