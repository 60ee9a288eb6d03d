import "server-only";
import type { FileEngine } from "@/lib/store/file/engine/file-engine";
import type { NewIntake, NewOutcome, Stay } from "./stay-schemas";
import type { StayStore, StayWriteOptions } from "./stay-store";
import { staysPart, type StayOp } from "./file-stay-part";

/**
 * Stays on the file engine: each write an op of the engine's unit of work (./file-stay-part.ts),
 * reads from memory. The engine is the open store's (lib/store/file/file-store.ts `.engine`),
 * so a stay shares the journal, its lock and its commit records with every other resource.
 */
export class FileStayStore implements StayStore {
  constructor(private readonly engine: FileEngine) {}

  recordIntake(petId: number, intake: NewIntake, { actor }: StayWriteOptions = {}): Promise<Stay> {
    const op: StayOp = { kind: "open-stay", petId, intake, actor };
    return this.engine.write<Stay>(op);
  }

  recordOutcome(petId: number, outcome: NewOutcome, options: StayWriteOptions & { timeZone: string }): Promise<Stay> {
    const { actor, timeZone } = options;
    const op: StayOp = { kind: "close-stay", petId, outcome, timeZone, actor };
    return this.engine.write<Stay>(op);
  }

  async listStays(petId: number): Promise<Stay[]> {
    return structuredClone(this.book.ofPet(petId));
  }

  async getStay(id: number): Promise<Stay | undefined> {
    return structuredClone(this.book.get(id));
  }

  private get book() {
    return this.engine.states.of(staysPart);
  }
}
