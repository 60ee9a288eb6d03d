import type { EventActor } from "@/lib/events/event-types";
import type { NewIntake, NewOutcome, NewReturn, Stay } from "./stay-schemas";
import type { IntakeCorrection, OutcomeCorrection, OutcomeWithdrawal } from "./stay-correction-schemas";
import type { NewPlacement, PlacementChange } from "./foster-schemas";

/**
 * Where an animal's stays are kept (issue 41; docs/decisions/251). Each write runs the rules
 * of ./stay-rules.ts on the pet's stays as committed, under the store's lock (the file
 * engine's unit of work, a PostgreSQL transaction holding the pet's row), and writes the stay
 * with its event in one durable step: a refusal writes nothing, no event either.
 */
export interface StayStore {
  /**
   * Records an intake: opens the pet's next stay, or, while its open stay is still the
   * untouched placeholder its creation gave it (./placeholder-intake.ts), fills that stay's
   * intake (`filled`, event `stay.corrected`). Refused while another stay is open
   * (SecondOpenStayError), before the last stay's outcome (StaysOverlapError), and for a pet
   * that does not exist (PetNotFoundError).
   */
  recordIntake(petId: number, intake: NewIntake, options?: StayWriteOptions): Promise<RecordedIntake>;
  /**
   * Records an outcome: closes the pet's open stay, which must be `options.stayId` when given
   * (else StayEndedError, or NoOpenStayError for a stay the animal does not have). Refused
   * without an open stay (NoOpenStayError), before its intake (OutcomeBeforeIntakeError), or
   * when SAC does not allow it after that intake (OutcomeNotAllowedError). `timeZone` is the
   * shelter's: an open foster placement ends on the outcome's day there.
   */
  recordOutcome(petId: number, outcome: NewOutcome, options: OutcomeWriteOptions): Promise<Stay>;
  /**
   * An adopted animal brought back (./returned-adoption.ts): opens a stay of type
   * returned_adoption. Refused unless the last stay ended in adoption (NotAdoptedError).
   */
  recordReturn(petId: number, input: NewReturn, options?: StayWriteOptions): Promise<Stay>;
  /** Corrects stay `stayId`'s intake (./stay-corrections.ts); its event carries the note, never the values. */
  correctIntake(petId: number, stayId: number, patch: IntakeCorrection, options: ZonedWriteOptions): Promise<Stay>;
  correctOutcome(petId: number, stayId: number, patch: OutcomeCorrection, options: ZonedWriteOptions): Promise<Stay>;
  /** Withdraws the last stay's outcome recorded by mistake: the stay is open again. */
  withdrawOutcome(
    petId: number,
    stayId: number,
    withdrawal: OutcomeWithdrawal,
    options: ZonedWriteOptions,
  ): Promise<Stay>;
  /** Places the animal of the open stay in foster (./foster-rules.ts); the placement's id is the store's. */
  placeInFoster(petId: number, placement: NewPlacement, options: ZonedWriteOptions): Promise<Stay>;
  /** Ends a placement, or corrects one with a reason. */
  changePlacement(
    petId: number,
    placementId: number,
    change: PlacementChange,
    options: ZonedWriteOptions,
  ): Promise<Stay>;
  /** The pet's stays, oldest intake first; none for an unknown pet. */
  listStays(petId: number): Promise<Stay[]>;
  getStay(id: number): Promise<Stay | undefined>;
  /** Every open stay (the animals in care: the due list and the census read them), by pet id. */
  listOpenStays(): Promise<Stay[]>;
  /**
   * Erases the `personal` parts (who brought, who took, the carer, notes) of stays closed
   * before `closedBefore` (an ISO instant): the retention the README states. Answers how many
   * stays lost personal data. The record's types, times and days stay: the counts need them.
   */
  erasePersonalClosedBefore(closedBefore: string): Promise<number>;
}

export interface StayWriteOptions {
  /** Who asked: its event says so (docs/decisions/160). */
  actor?: EventActor;
}

/** A write whose rules decide days: they are the shelter's, in its zone (config.timeZone). */
export type ZonedWriteOptions = StayWriteOptions & { timeZone: string };

/** The stay closed must be this one, checked under the store's lock (docs/decisions/267). */
export type OutcomeWriteOptions = ZonedWriteOptions & { stayId?: number };

/** What recording an intake did: opened a stay, or filled the placeholder one (`filled`, the same stay). */
export interface RecordedIntake {
  stay: Stay;
  filled: boolean;
}
