import type { ApplicationRecord, ApplicationState } from "@/lib/applications/schemas";
import { brandedError } from "@/lib/errors/branded-error";

/**
 * Adoption applications (docs/decisions/191). Both stores keep them beside pets and orders, so
 * that approving one places its order, and withdrawing or declining an approved one cancels
 * it, in the same durable step as the application's change (the file store's journal batch,
 * PostgreSQL's transaction): an application and its order never disagree, even across a crash.
 * Every write records its events (lib/applications/application-events.ts) in that same step,
 * with currentActor() (lib/events/actor.ts) as the actor, like every other write.
 *
 * Personal data is the record's `personal` part. erasePersonalData removes it for good: no
 * file in the data directory and no live row keeps the answers once it resolves.
 */
export interface ApplicationStore {
  /**
   * Adds an application with the next id, recording `application.submitted`. When an open
   * application (submitted, in review or approved) for the same pet has the same
   * `personal.emailDigest`, adds nothing and resolves that one with `duplicate: true`. Throws
   * PetNotFoundError, or PetNotAvailableError when the pet is not `available` (checked in the
   * same step, so an animal that has just gone takes no application).
   */
  submitApplication(application: NewApplicationRecord): Promise<{ application: ApplicationRecord; duplicate: boolean }>;

  getApplication(id: number): Promise<ApplicationRecord | undefined>;
  /** The application whose `personal.statusTokenDigest` this is (none once erased). */
  findByStatusToken(digest: string): Promise<ApplicationRecord | undefined>;
  /** Every application whose `personal.emailDigest` this is, newest first (export and erasure). */
  findByEmailDigest(digest: string): Promise<ApplicationRecord[]>;
  /** Newest first, keyset-paged like the other listings (cursors bound to the filters). */
  listApplications(query: ListApplicationsQuery): Promise<ApplicationPage>;

  /**
   * Applies `decide` to the application as stored, serialised with every other change of it
   * and of its pet's orders, and writes what it returns in one durable step:
   * - `order: "place"` places an order for the pet (adopter: `Application <reference>`, never
   *   the adopter's name: order events reach webhooks) and sets the record's `orderId`; throws
   *   PetNotAvailableError, writing nothing, when the pet is not available (two approvals for
   *   one animal at once: exactly one wins);
   * - `order: "cancel"` cancels the record's order when it is still open (the pet becomes
   *   available again); throws AdoptionCompleteError, writing nothing, when it was delivered;
   * - `event` is the application event to record, with the order's own events beside it.
   * Resolves the record after the change; undefined when there is no such application. When
   * `decide` returns undefined nothing is written and the record is resolved as it is.
   */
  changeApplication(id: number, decide: ApplicationChange): Promise<ApplicationRecord | undefined>;

  /**
   * Removes the `personal` part of each application that still has one, setting `erasedAt`
   * and `updatedAt` to `at` (an erasure is a change like any other) and recording `application.erased`; resolves the ids it erased. Once it resolves, the
   * answers are gone from the store's files (the file store rewrites what held them) or rows.
   */
  erasePersonalData(ids: readonly number[], at: string): Promise<number[]>;
  /** Ids of applications decided (approved, declined, withdrawn) before `cutoff` that still hold personal data. */
  decidedBefore(cutoff: string, limit: number): Promise<number[]>;
}

export type NewApplicationRecord = Omit<ApplicationRecord, "id" | "orderId" | "decidedAt" | "erasedAt" | "personal"> & {
  personal: NonNullable<ApplicationRecord["personal"]>;
};

/** What a change decides, given the application as stored now. */
export type ApplicationChange = (current: ApplicationRecord) =>
  | {
      record: ApplicationRecord;
      order?: "place" | "cancel";
      event:
        | { type: "application.state_changed"; from: ApplicationState; to: ApplicationState }
        | { type: "application.note_added" };
    }
  | undefined;

export interface ListApplicationsQuery {
  limit: number;
  state?: ApplicationState;
  petId?: number;
  /** Only applications submitted before this time (the console's "older than N days"). */
  submittedBefore?: string;
  cursor?: string;
}

export interface ApplicationPage {
  applications: ApplicationRecord[];
  nextCursor?: string;
}

/** The change refused: `reason` says why in words for the caller (API code `application_conflict`). */
export class ApplicationConflictError extends brandedError(Symbol.for("petstore.ApplicationConflictError")) {
  constructor(
    readonly state: ApplicationState,
    message: string,
  ) {
    super(message);
    this.name = "ApplicationConflictError";
  }
}

/**
 * Declining or withdrawing an approved application whose order was delivered: the animal has
 * gone home, and an application cannot undo an adoption (a return is a new status for the pet).
 */
export class AdoptionCompleteError extends ApplicationConflictError {
  constructor(state: ApplicationState) {
    super(state, "the adoption is complete: the animal has gone home, so the application can no longer change");
    this.name = "AdoptionCompleteError";
  }
}
