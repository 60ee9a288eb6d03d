import type { Stay } from "./stay-schemas";
import type { StayFlowSettings } from "./file-stay-flows";

const byIntake = (a: Stay, b: Stay) => Date.parse(a.intake.at) - Date.parse(b.intake.at) || a.id - b.id;

/** The stays in memory, by id and by pet; a stay put again replaces the one before. */
export class StayBook {
  private readonly byId = new Map<number, Stay>();
  private readonly byPet = new Map<number, Set<number>>();
  highestId = 0;
  /** The store's settings for the record's flows (./file-stay-flows.ts), read from its open options. */
  flows: StayFlowSettings = { firstStays: true, timeZone: "UTC" };

  put(stay: Stay): void {
    this.byId.set(stay.id, stay);
    let ids = this.byPet.get(stay.petId);
    if (!ids) this.byPet.set(stay.petId, (ids = new Set()));
    ids.add(stay.id);
    if (stay.id > this.highestId) this.highestId = stay.id;
  }

  get(id: number): Stay | undefined {
    return this.byId.get(id);
  }

  /** The pet's stays, oldest intake first. */
  ofPet(petId: number): Stay[] {
    const ids = [...(this.byPet.get(petId) ?? [])];
    return ids.map((id) => this.byId.get(id) as Stay).sort(byIntake);
  }

  /** Every stay, a copy of the list (the snapshot encodes it in the background; stays are replaced, never changed). */
  all(): Stay[] {
    return [...this.byId.values()];
  }

  get size(): number {
    return this.byId.size;
  }
}
