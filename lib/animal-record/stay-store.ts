import type { EventActor } from "@/lib/events/event-types";
import type { NewIntake, NewOutcome, Stay } from "./stay-schemas";

/**
 * Where an animal's stays are kept (issue 41; docs/decisions/251). Each write runs the rules
 * of ./stay-rules.ts on the pet's stays as committed, under the store's lock (the file
 * engine's unit of work, a PostgreSQL transaction holding the pet's row), and writes the stay
 * with its event in one durable step: a refusal writes nothing, no event either.
 */
export interface StayStore {
  /**
   * Records an intake: opens the pet's next stay. Refused while a stay is open
   * (SecondOpenStayError), before the last stay's outcome (StaysOverlapError), and for a pet
   * that does not exist (PetNotFoundError).
   */
  recordIntake(petId: number, intake: NewIntake, options?: StayWriteOptions): Promise<Stay>;
  /**
   * Records an outcome: closes the pet's open stay. Refused without one (NoOpenStayError),
   * before its intake (OutcomeBeforeIntakeError), or when SAC does not allow it after that
   * intake (OutcomeNotAllowedError). `timeZone` is the shelter's: an open foster placement
   * ends on the outcome's day there.
   */
  recordOutcome(petId: number, outcome: NewOutcome, options: StayWriteOptions & { timeZone: string }): Promise<Stay>;
  /** The pet's stays, oldest intake first; none for an unknown pet. */
  listStays(petId: number): Promise<Stay[]>;
  getStay(id: number): Promise<Stay | undefined>;
}

export interface StayWriteOptions {
  /** Who asked: its event says so (docs/decisions/160). */
  actor?: EventActor;
}
