import type { Stay } from "./stay-schemas";
import type { StayFlowSettings } from "./file-stay-flows";
import type { StayChangeEntry } from "./stay-history";

const byIntake = (a: Stay, b: Stay) => Date.parse(a.intake.at) - Date.parse(b.intake.at) || a.id - b.id;

/**
 * The stays in memory, by id and by pet; a stay put again replaces the one before. Stays read
 * at open may share frozen parts (./file-stay-decode.ts): a stay is replaced, never changed.
 */
export class StayBook {
  private readonly byId = new Map<number, Stay>();
  /** A pet's stay id, or its ids once it has more than one (most pets have one: no Set for each). */
  private readonly byPet = new Map<number, number | number[]>();
  /** Only stays with corrections: most have none. */
  private readonly histories = new Map<number, StayChangeEntry[]>();
  private readonly open = new Set<number>();
  highestId = 0;
  /** The store's settings for the record's flows (./file-stay-flows.ts), read from its open options. */
  flows: StayFlowSettings = { firstStays: true, timeZone: "UTC" };
  /** Placement ids are the store's, unique across every stay. */
  highestPlacementId = 0;
  /** An erasure is not yet folded away (a journal read at open erased what an older line holds, or a fold failed). */
  foldOwed = false;
  /**
   * The row of the pets' index before which every pet was given its first stay by an earlier
   * batch of this open's step (./file-stay-flows.ts, openMissingStays), which goes on from
   * here: scanning from the first row every batch made an open of a million pets quadratic.
   * Set once a batch is durable; a new process starts again at 0.
   */
  missingStaysFrom = 0;

  put(stay: Stay, history?: readonly StayChangeEntry[]): void {
    this.byId.set(stay.id, stay);
    this.addToPet(stay.petId, stay.id);
    if (stay.outcome) this.open.delete(stay.id);
    else this.open.add(stay.id);
    if (history?.length === 0) this.histories.delete(stay.id);
    else if (history !== undefined) this.histories.set(stay.id, [...history]);
    if (stay.id > this.highestId) this.highestId = stay.id;
    for (const { id } of stay.placements) if (id > this.highestPlacementId) this.highestPlacementId = id;
  }

  get(id: number): Stay | undefined {
    return this.byId.get(id);
  }

  /** The stay's corrections, oldest first. */
  historyOf(id: number): StayChangeEntry[] {
    return this.histories.get(id) ?? [];
  }

  /** The pet's stays, oldest intake first. */
  ofPet(petId: number): Stay[] {
    const ids = this.byPet.get(petId) ?? [];
    return (typeof ids === "number" ? [ids] : ids).map((id) => this.byId.get(id) as Stay).sort(byIntake);
  }

  /** Every open stay, by pet id. */
  openStays(): Stay[] {
    return [...this.open].map((id) => this.byId.get(id) as Stay).sort((a, b) => a.petId - b.petId || a.id - b.id);
  }

  /** Every stay, a copy of the list (the snapshot encodes it in the background; stays are replaced, never changed). */
  all(): Stay[] {
    return [...this.byId.values()];
  }

  get size(): number {
    return this.byId.size;
  }

  /** How many pets have at least one stay. */
  get petsWithStays(): number {
    return this.byPet.size;
  }

  hasStays(petId: number): boolean {
    return this.byPet.has(petId);
  }

  private addToPet(petId: number, id: number): void {
    const ids = this.byPet.get(petId);
    if (ids === undefined) this.byPet.set(petId, id);
    else if (typeof ids === "number") {
      if (ids !== id) this.byPet.set(petId, [ids, id]);
    } else if (!ids.includes(id)) ids.push(id);
  }
}
