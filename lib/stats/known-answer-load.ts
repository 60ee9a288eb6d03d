import type { StayStore } from "@/lib/animal-record/stay-store";
import type { PetStore } from "@/lib/composition/pet-store";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_TIME_ZONE } from "./known-answer-year";

/** Store ids → the known-answer year's: what a test compares its answers by. */
export type KnownIds = { pets: Map<number, number>; stays: Map<number, number> };

/**
 * Writes the known-answer year (./known-answer-year.ts) through the stores' ports, as staff
 * would record it: each animal, its intakes (returns through recordReturn), foster placements
 * and outcomes, in order. Personal parts are given where a shelter would give them, so a test
 * can check they never reach the statistics.
 */
export async function loadKnownAnswerYear(pets: PetStore, stays: StayStore): Promise<KnownIds> {
  const ids: KnownIds = { pets: new Map(), stays: new Map() };
  const zoned = { timeZone: KNOWN_ANSWER_TIME_ZONE };
  for (const animal of KNOWN_ANSWER_ANIMALS) {
    const pet = await pets.create({
      name: `Animal ${animal.petId}`,
      categoryId: animal.categoryId,
      ...(animal.birthDate ? { birthDate: animal.birthDate } : {}),
    });
    ids.pets.set(pet.id, animal.petId);
    for (const stay of animal.stays) {
      const { at, type, subtype, condition, sourceKind } = stay.intake;
      const personal = sourceKind === "unknown" ? {} : { personal: { source: { name: "Dana Giver" } } };
      const opened =
        type === "returned_adoption"
          ? await stays.recordReturn(pet.id, { at, condition, ...personal })
          : (
              await stays.recordIntake(pet.id, {
                at,
                type,
                ...(subtype ? { subtype } : {}),
                condition,
                sourceKind,
                ...personal,
              })
            ).stay;
      ids.stays.set(opened.id, stay.id);
      for (const { from, until } of stay.placements) {
        await stays.placeInFoster(
          pet.id,
          { from, ...(until ? { until } : {}), personal: { carer: { name: "Carla Carer" } } },
          zoned,
        );
      }
      if (stay.outcome) await stays.recordOutcome(pet.id, stay.outcome, zoned);
    }
  }
  return ids;
}
