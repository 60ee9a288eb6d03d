import "server-only";
import type { FileEngine } from "@/lib/store/file/engine/file-engine";
import type { HealthFacts, HealthFactsCorrection, WeightEntry } from "./health-schemas";
import type { MedicalEntry, MedicalEntryCorrection, NewMedicalEntry, TreatmentItem } from "./medical-schemas";
import type { MedicalStore, MedicalWriteOptions } from "./medical-store";
import type { SacSpecies } from "./sac-species";
import type { ItemChange } from "./medical-changes";
import { latestEntries } from "./medical-rules";
import { medicalPart, type MedicalOp } from "./file-medical-part";

/**
 * The medical record on the file engine: each write an op of the engine's unit of work
 * (./file-medical-part.ts), reads from memory, on the open store's engine (one journal, one
 * lock, one commit record with every other resource).
 */
export class FileMedicalStore implements MedicalStore {
  constructor(private readonly engine: FileEngine) {}

  async listItems(): Promise<TreatmentItem[]> {
    return structuredClone([...this.book.items.values()].sort((a, b) => a.id - b.id));
  }

  addItem(item: Omit<TreatmentItem, "id">, { actor }: MedicalWriteOptions = {}): Promise<TreatmentItem> {
    return this.write({ kind: "medical-add-item", item, actor });
  }

  changeItem(id: number, change: ItemChange, { actor }: MedicalWriteOptions = {}): Promise<TreatmentItem> {
    return this.write({ kind: "medical-change-item", id, change, actor });
  }

  recordEntry(petId: number, entry: NewMedicalEntry, { actor }: MedicalWriteOptions = {}): Promise<MedicalEntry> {
    return this.write({ kind: "medical-record", petId, entry, actor });
  }

  correctEntry(
    entryId: number,
    correction: MedicalEntryCorrection,
    { actor }: MedicalWriteOptions = {},
  ): Promise<MedicalEntry> {
    return this.write({ kind: "medical-correct", entryId, correction, actor });
  }

  async listEntries(petId: number): Promise<MedicalEntry[]> {
    return structuredClone(this.book.ofPet(petId));
  }

  async getEntry(id: number): Promise<MedicalEntry | undefined> {
    return structuredClone(this.book.entries.get(id));
  }

  async listDueBy(until: string): Promise<MedicalEntry[]> {
    const due = latestEntries([...this.book.entries.values()]).filter(
      (entry) => entry.nextDue !== undefined && entry.nextDue <= until,
    );
    return structuredClone(due.sort((a, b) => (a.nextDue as string).localeCompare(b.nextDue as string) || a.id - b.id));
  }

  async getHealthFacts(petId: number): Promise<HealthFacts> {
    return structuredClone(this.book.health.get(petId) ?? { weights: [] });
  }

  changeHealthFacts(
    petId: number,
    patch: HealthFactsCorrection,
    { actor }: MedicalWriteOptions = {},
  ): Promise<HealthFacts> {
    return this.write({ kind: "medical-health", petId, patch, actor });
  }

  addWeight(petId: number, weight: WeightEntry, { actor }: MedicalWriteOptions = {}): Promise<HealthFacts> {
    return this.write({ kind: "medical-weigh", petId, weight, actor });
  }

  async categorySpecies(): Promise<Map<number, SacSpecies>> {
    return new Map(this.book.species);
  }

  async setCategorySpecies(
    categoryId: number,
    species: SacSpecies,
    { actor }: MedicalWriteOptions = {},
  ): Promise<void> {
    await this.write({ kind: "medical-species", categoryId, species, actor });
  }

  private async write<T>(op: MedicalOp): Promise<T> {
    return structuredClone(await this.engine.write<T>(op));
  }

  private get book() {
    return this.engine.states.of(medicalPart);
  }
}
