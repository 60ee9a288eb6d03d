import "server-only";
import { currentActor } from "@/lib/events/actor";
import type { FileEngine } from "@/lib/store/file/engine/file-engine";
import type { NewIntake, NewOutcome, NewReturn, Stay } from "./stay-schemas";
import type { IntakeCorrection, OutcomeCorrection, OutcomeWithdrawal } from "./stay-correction-schemas";
import type { NewPlacement, PlacementChange } from "./foster-schemas";
import type { OutcomeWriteOptions, RecordedIntake, StayStore, StayWriteOptions, ZonedWriteOptions } from "./stay-store";
import { staysPart, type StayErasure, type StayOp } from "./file-stay-part";

/** Stays erased in one unit of work at most: a sweep's batch, as the applications' retention does. */
const ERASE_BATCH = 500;

/**
 * Stays on the file engine: each write an op of the engine's unit of work (./file-stay-part.ts),
 * reads from memory. The engine is the open store's (lib/composition/file-store.ts `.engine`),
 * so a stay shares the journal, its lock and its commit records with every other resource.
 * The actor is read when the write is taken, before any batching (lib/events/actor.ts).
 */
export class FileStayStore implements StayStore {
  constructor(private readonly engine: FileEngine) {}

  recordIntake(petId: number, intake: NewIntake, { actor }: StayWriteOptions = {}): Promise<RecordedIntake> {
    return this.write<RecordedIntake>({ kind: "open-stay", petId, intake, actor });
  }

  recordOutcome(petId: number, outcome: NewOutcome, options: OutcomeWriteOptions): Promise<Stay> {
    const { actor, timeZone, stayId } = options;
    return this.write({ kind: "close-stay", petId, outcome, timeZone, stayId, actor });
  }

  recordReturn(petId: number, input: NewReturn, { actor }: StayWriteOptions = {}): Promise<Stay> {
    return this.write({ kind: "return-stay", petId, input, actor });
  }

  correctIntake(petId: number, stayId: number, patch: IntakeCorrection, options: ZonedWriteOptions): Promise<Stay> {
    const { actor, timeZone } = options;
    return this.write({ kind: "correct-intake", petId, stayId, patch, timeZone, actor });
  }

  correctOutcome(petId: number, stayId: number, patch: OutcomeCorrection, options: ZonedWriteOptions): Promise<Stay> {
    const { actor, timeZone } = options;
    return this.write({ kind: "correct-outcome", petId, stayId, patch, timeZone, actor });
  }

  withdrawOutcome(
    petId: number,
    stayId: number,
    withdrawal: OutcomeWithdrawal,
    { actor }: ZonedWriteOptions,
  ): Promise<Stay> {
    return this.write({ kind: "withdraw-outcome", petId, stayId, withdrawal, actor });
  }

  placeInFoster(petId: number, placement: NewPlacement, options: ZonedWriteOptions): Promise<Stay> {
    const { actor, timeZone } = options;
    return this.write({ kind: "place-in-foster", petId, placement, timeZone, actor });
  }

  changePlacement(
    petId: number,
    placementId: number,
    change: PlacementChange,
    options: ZonedWriteOptions,
  ): Promise<Stay> {
    const { actor, timeZone } = options;
    return this.write({ kind: "change-placement", petId, placementId, change, timeZone, actor });
  }

  async listStays(petId: number): Promise<Stay[]> {
    return structuredClone(this.book.ofPet(petId));
  }

  async getStay(id: number): Promise<Stay | undefined> {
    return structuredClone(this.book.get(id));
  }

  async listOpenStays(): Promise<Stay[]> {
    return structuredClone(this.book.openStays());
  }

  /** In batches; each waits for the fold that takes what it erased out of the files (docs/decisions/192). */
  async erasePersonalClosedBefore(closedBefore: string): Promise<number> {
    let total = 0;
    for (;;) {
      const op: StayOp = { kind: "erase-stays", closedBefore, limit: ERASE_BATCH, actor: currentActor() };
      const { erased, folded } = await this.engine.write<StayErasure>(op);
      await folded;
      total += erased;
      if (erased < ERASE_BATCH) return total;
    }
  }

  /** What the op decides: a stay, or (an intake) the stay and whether it filled the placeholder. */
  private write<Answer = Stay>(op: StayOp): Promise<Answer> {
    const withActor: StayOp = { ...op, actor: op.actor ?? currentActor() };
    return this.engine.write<Answer>(withActor);
  }

  private get book() {
    return this.engine.states.of(staysPart);
  }
}
