import { brandedError } from "@/lib/errors/branded-error";
import type { EventActor } from "@/lib/events/event-types";
import type { SacSpecies } from "./sac-species";
import type { HealthFacts, HealthFactsCorrection, WeightEntry } from "./health-schemas";
import type { MedicalEntry, MedicalEntryCorrection, NewMedicalEntry, TreatmentItem } from "./medical-schemas";

/**
 * Where the animal's health record is kept (issue 41; docs/decisions/249): the shelter's list of
 * treatments, each animal's vaccinations, tests and treatments, and its health facts (spay/neuter,
 * microchip, weights). As the stays (./stay-store.ts): each write runs the rules of
 * ./medical-rules.ts and ./health-rules.ts against what is committed, under the store's lock,
 * and writes the change with its `medical.*` event in one durable step. Events carry ids, the
 * item, the kind and days; never notes, lot, result or who gave it.
 */
export interface MedicalStore {
  /** The shelter's list, by id. */
  listItems(): Promise<TreatmentItem[]>;
  /** Adds an item to the list; its id is the store's. */
  addItem(item: Omit<TreatmentItem, "id">, options?: MedicalWriteOptions): Promise<TreatmentItem>;
  /** Renames an item or changes its interval (null: given once). Entries already recorded keep their due days. */
  changeItem(
    id: number,
    change: Partial<Omit<TreatmentItem, "id" | "repeatEvery">> & { repeatEvery?: TreatmentItem["repeatEvery"] | null },
    options?: MedicalWriteOptions,
  ): Promise<TreatmentItem>;

  /** Records a vaccination, test or treatment for an existing pet (PetNotFoundError otherwise). */
  recordEntry(petId: number, entry: NewMedicalEntry, options?: MedicalWriteOptions): Promise<MedicalEntry>;
  /** Corrects an entry with its reason (./medical-rules.ts correctEntry). */
  correctEntry(
    entryId: number,
    correction: MedicalEntryCorrection,
    options?: MedicalWriteOptions,
  ): Promise<MedicalEntry>;
  /** The pet's entries, oldest `givenOn` first (then by id). */
  listEntries(petId: number): Promise<MedicalEntry[]>;
  getEntry(id: number): Promise<MedicalEntry | undefined>;
  /**
   * Each pet's latest entry per item whose `nextDue` is on or before `until` (a calendar day):
   * what the due list and the calendar feed read. Pets not in care are the caller's to drop.
   */
  listDueBy(until: string): Promise<MedicalEntry[]>;

  /** The pet's health facts; `{ weights: [] }` when nothing is recorded. */
  getHealthFacts(petId: number): Promise<HealthFacts>;
  /** Sets spay/neuter or microchip (./health-rules.ts changeHealthFacts: a reason when a recorded value changes). */
  changeHealthFacts(petId: number, patch: HealthFactsCorrection, options?: MedicalWriteOptions): Promise<HealthFacts>;
  addWeight(petId: number, weight: WeightEntry, options?: MedicalWriteOptions): Promise<HealthFacts>;

  /** Which SAC species each category counts as (set once, in the console: issue 41). */
  categorySpecies(): Promise<Map<number, SacSpecies>>;
  setCategorySpecies(categoryId: number, species: SacSpecies, options?: MedicalWriteOptions): Promise<void>;
}

export interface MedicalWriteOptions {
  /** Who asked: its event says so (docs/decisions/160). */
  actor?: EventActor;
}

/** A correction of an entry no record has: the API answers 404. */
export class MedicalEntryNotFoundError extends brandedError(Symbol.for("petstore.MedicalEntryNotFoundError")) {
  constructor(readonly entryId: number) {
    super(`no medical entry has id ${entryId}`);
    this.name = "MedicalEntryNotFoundError";
  }
}
