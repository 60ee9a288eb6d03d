import "server-only";
import type { FileEngine } from "@/lib/store/file/engine/file-engine";
import { petsPart } from "@/lib/store/file/pet-part";
import { staysPart } from "@/lib/animal-record/file-stay-part";
import { staySummary, type Stay } from "@/lib/animal-record/stay-schemas";
import type { ReadMapping, StatsAnimal, StatsSource } from "./stats-source";

const byIntake = (a: Stay, b: Stay) => Date.parse(a.intake.at) - Date.parse(b.intake.at) || a.id - b.id;

/**
 * The statistics' read on the file engine: the stays part's book and the pets' index, both in
 * memory, read in one synchronous step so the two agree (no write can land in between).
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
    const byPet = new Map<number, Stay[]>();
    for (const stay of book.all()) {
      let stays = byPet.get(stay.petId);
      if (!stays) byPet.set(stay.petId, (stays = []));
      stays.push(staySummary(stay));
    }
    const animals: StatsAnimal[] = [];
    for (const [petId, stays] of [...byPet].sort(([a], [b]) => a - b)) {
      const pet = index.get(petId);
      if (!pet) continue; // a stay is refused for a pet that does not exist; pets are never removed
      animals.push({
        petId,
        name: pet.name,
        categoryId: pet.categoryId,
        ...(pet.birthDate ? { birthDate: pet.birthDate } : {}),
        stays: stays.sort(byIntake),
      });
    }
    return { animals, mapping };
  }
}
