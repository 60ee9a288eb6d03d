import "server-only";
import type { Event, EventActor } from "@/lib/events/event-types";
import { newEvent } from "@/lib/events/new-events";
import type { HealthFacts, WeightEntry } from "./health-schemas";
import type { MedicalEntry, TreatmentItem } from "./medical-schemas";
import type { SacSpecies } from "./sac-species";

/*
 * What a medical change records, built where the store decides it (the file part's plan, the
 * PostgreSQL adapter's transaction) and written in the same durable step: ids, the item, the
 * kind and days, never notes, lot, result, who gave it, a chip's number or a weight
 * (docs/decisions/249, 256). Each object is built field by field, so a field added to the
 * record later stays out of the events until it is added here.
 */

function entryObject({ id, petId, itemId, kind, givenOn, nextDue }: MedicalEntry) {
  return { id, petId, itemId, kind, givenOn, ...(nextDue ? { nextDue } : {}) };
}

function itemObject({ id, name, kind, repeatEvery }: TreatmentItem) {
  return { itemId: id, name, kind, ...(repeatEvery ? { repeatEvery } : {}) };
}

function healthObject(petId: number, { spayNeuter, microchip }: HealthFacts) {
  const chip = microchip && {
    status: microchip.status,
    ...(microchip.status === "chipped"
      ? {
          ...(microchip.implantedOn ? { implantedOn: microchip.implantedOn } : {}),
          ...(microchip.registeredOn ? { registeredOn: microchip.registeredOn } : {}),
        }
      : { scannedOn: microchip.scannedOn }),
  };
  return { petId, ...(spayNeuter ? { spayNeuter } : {}), ...(chip ? { microchip: chip } : {}) };
}

export const medicalRecorded = (entry: MedicalEntry, at: string, actor?: EventActor): Event =>
  newEvent("medical.recorded", { object: entryObject(entry) }, at, actor);

/** `fields`: the fields corrected, by name; the reason stays with the entry's history, never here. */
export const medicalCorrected = (entry: MedicalEntry, fields: string[], at: string, actor?: EventActor): Event =>
  newEvent("medical.corrected", { object: entryObject(entry), fields }, at, actor);

export const medicalItemAdded = (item: TreatmentItem, at: string, actor?: EventActor): Event =>
  newEvent("medical.item_added", { object: itemObject(item) }, at, actor);

export const medicalItemChanged = (item: TreatmentItem, at: string, actor?: EventActor): Event =>
  newEvent("medical.item_changed", { object: itemObject(item) }, at, actor);

export const healthChanged = (
  petId: number,
  facts: HealthFacts,
  fields: string[],
  at: string,
  actor?: EventActor,
): Event => newEvent("medical.health_changed", { object: healthObject(petId, facts), fields }, at, actor);

export const weighed = (petId: number, weight: WeightEntry, at: string, actor?: EventActor): Event =>
  newEvent("medical.weighed", { object: { petId, on: weight.on } }, at, actor);

export const categorySpeciesSet = (categoryId: number, species: SacSpecies, at: string, actor?: EventActor): Event =>
  newEvent("category.species_set", { object: { categoryId, species } }, at, actor);
