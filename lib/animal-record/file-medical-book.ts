import type { HealthFacts } from "./health-schemas";
import type { MedicalEntry, TreatmentItem } from "./medical-schemas";
import type { SacSpecies } from "./sac-species";
import type { MedicalCorrection, MedicalRecord } from "./file-medical-line";

const byGiven = (a: MedicalEntry, b: MedicalEntry) => a.givenOn.localeCompare(b.givenOn) || a.id - b.id;

/** The medical record in memory: the list, the entries by id and by pet, health facts and species by their keys. */
export class MedicalBook {
  readonly items = new Map<number, TreatmentItem>();
  readonly entries = new Map<number, MedicalEntry>();
  private readonly entriesOfPet = new Map<number, Set<number>>();
  readonly health = new Map<number, HealthFacts>();
  readonly species = new Map<number, SacSpecies>();
  readonly corrections: MedicalCorrection[] = [];
  highestItemId = 0;
  highestEntryId = 0;

  /** Folds a record read back or written: the latest of a key replaces the one before. */
  put(record: MedicalRecord): void {
    switch (record.medical) {
      case "item":
        this.items.set(record.item.id, record.item);
        this.highestItemId = Math.max(this.highestItemId, record.item.id);
        return;
      case "entry": {
        const { entry } = record;
        this.entries.set(entry.id, entry);
        let ids = this.entriesOfPet.get(entry.petId);
        if (!ids) this.entriesOfPet.set(entry.petId, (ids = new Set()));
        ids.add(entry.id);
        this.highestEntryId = Math.max(this.highestEntryId, entry.id);
        return;
      }
      case "health":
        this.health.set(record.petId, record.facts);
        return;
      case "species":
        this.species.set(record.categoryId, record.species);
        return;
      case "correction":
        this.corrections.push(record.correction);
    }
  }

  /** The pet's entries, oldest `givenOn` first, then by id. */
  ofPet(petId: number): MedicalEntry[] {
    const ids = [...(this.entriesOfPet.get(petId) ?? [])];
    return ids.map((id) => this.entries.get(id) as MedicalEntry).sort(byGiven);
  }

  /** Every record, as the snapshot writes them (records are replaced, never changed: a copy of the lists is enough). */
  all(): MedicalRecord[] {
    return [
      ...[...this.items.values()].map((item) => ({ medical: "item" as const, item })),
      ...[...this.entries.values()].map((entry) => ({ medical: "entry" as const, entry })),
      ...[...this.health].map(([petId, facts]) => ({ medical: "health" as const, petId, facts })),
      ...[...this.species].map(([categoryId, species]) => ({ medical: "species" as const, categoryId, species })),
      ...this.corrections.map((correction) => ({ medical: "correction" as const, correction })),
    ];
  }

  get size(): number {
    return this.items.size + this.entries.size + this.health.size + this.species.size + this.corrections.length;
  }
}
