import "server-only";
import type { FileEngine } from "@/lib/store/file/engine/file-engine";
import { petsPart } from "@/lib/pets/file-pet-part";
import { staysPart } from "@/lib/animal-record/file-stay-part";
import type { Stay } from "@/lib/animal-record/stay-schemas";
import type { ReadMapping, StatsAnimal, StatsSource } from "./stats-source";

const byIntake = (a: Stay, b: Stay) => Date.parse(a.intake.at) - Date.parse(b.intake.at) || a.id - b.id;

/** A part without its `personal` member: the part itself when it has none (stays are replaced, never changed). */
function withoutPersonal<T extends { personal?: unknown }>(part: T): Omit<T, "personal"> {
  if (part.personal === undefined) return part;
  const copy = { ...part };
  delete copy.personal;
  return copy;
}

/**
 * A stay without its personal parts (staySummary's result): the book's own object when none
 * of its parts holds one, as stays in foster and those of an old record mostly do not.
 */
function withoutPersonalParts(stay: Stay): Stay {
  const { intake, outcome, placements } = stay;
  if (intake.personal === undefined && outcome?.personal === undefined && placements.every((p) => !p.personal)) {
    return stay;
  }
  return {
    id: stay.id,
    petId: stay.petId,
    intake: withoutPersonal(intake),
    ...(outcome ? { outcome: withoutPersonal(outcome) } : {}),
    placements: placements.map(withoutPersonal),
  };
}

/**
 * The statistics' read on the file engine: the stays part's book and the pets' index, both in
 * memory, read in one synchronous step so the two agree (no write can land in between). The
 * book's stays are valid and never changed in place, so they are shared, not copied, unless
 * they hold a personal part; a pet's name, category and birth date are read from the index
 * without building the whole pet.
 */
export class FileStatsSource implements StatsSource {
  constructor(
    private readonly engine: FileEngine,
    private readonly readMapping: ReadMapping,
  ) {}

  async animalsForStats() {
    const mapping = await this.readMapping();
    const book = this.engine.states.of(staysPart);
    const { index } = this.engine.states.of(petsPart);
    // A pet's stay, or its stays once it has several (most pets have one: no list each).
    const byPet = new Map<number, Stay | Stay[]>();
    for (const stay of book.all()) {
      const held = byPet.get(stay.petId);
      if (held === undefined) byPet.set(stay.petId, stay);
      else if (Array.isArray(held)) held.push(stay);
      else byPet.set(stay.petId, [held, stay]);
    }
    const animals: StatsAnimal[] = [];
    for (const petId of Float64Array.from(byPet.keys()).sort()) {
      const pet = index.summaryOf(petId);
      if (!pet) continue; // a stay is refused for a pet that does not exist; pets are never removed
      const held = byPet.get(petId) as Stay | Stay[];
      const stays = Array.isArray(held) ? held.sort(byIntake).map(withoutPersonalParts) : [withoutPersonalParts(held)];
      const animal: StatsAnimal = { petId, name: pet.name, categoryId: pet.categoryId, stays };
      if (pet.birthDate) animal.birthDate = pet.birthDate;
      animals.push(animal);
    }
    return { animals, mapping };
  }
}
