import type { NewPet, Pet, PetPatch, PetStatus } from "@/lib/pets/schemas";
import type { PetFilter } from "@/lib/pets/pet-filter";
import type { IdempotencyRecord } from "@/lib/idempotency/idempotency-store";
import type { MaybePromise } from "@/lib/maybe-promise";

/**
 * The pets' port, one of the ports the all-in-one store implements (lib/composition/pet-store.ts).
 *
 * Order: newest first (descending id). Paging is keyset: a page ends with an opaque
 * cursor naming the last pet shown, so any adapter serves the next page in O(limit)
 * and a walk through all pages never skips or repeats a pet while others are added.
 *
 * A cursor is valid only for the listing that issued it: the same status filter (bound
 * into the cursor by lib/paging/cursor.ts) and a pet that listing contains. A cursor
 * naming a pet outside the filter is refused exactly like one naming no pet, so a public
 * listing (the available pets) never tells which sold or pending pets exist
 * (docs/decisions/030-cursors-belong-to-their-listing.md).
 */
export interface PetCatalog {
  /**
   * Pets, newest first, at most `limit`, optionally only those with `status`. An adapter
   * holding the page in memory returns it as is, one that must wait a promise of it
   * (lib/maybe-promise.ts); either way a refusal is a rejected promise, never a throw.
   */
  list(query: ListPetsQuery): MaybePromise<PetPage>;
  /**
   * Resolves once the pet is durable (on disk, fsynced), and `record` with it; ids are
   * unique and increasing.
   */
  create(newPet: NewPet, record?: IdempotencyRecord<Pet>): Promise<Pet>;
  get(id: number): Promise<Pet | undefined>;
  /**
   * Applies a validated merge patch (lib/pets/apply-patch.ts) and resolves once it is
   * durable, with a status change and its reason recorded in the same step
   * (docs/decisions/155, 170). Throws PetNotFoundError, or PetHeldByOrderError when the
   * patch sends a status while an open order (placed or approved) holds the pet. A patch
   * that changes nothing writes nothing.
   *
   * With `versions` (If-Match, docs/decisions/213), the pet's version (lib/pets/pet-version.ts)
   * as the write finds it must be one of them, compared inside the write itself (the file
   * store's batch, PostgreSQL's locked row), so no other write slips in between the check
   * and the change; otherwise PetVersionMismatchError and nothing is written.
   */
  updatePet(id: number, patch: PetPatch, versions?: readonly string[]): Promise<Pet>;
  /** How many pets have each status (for metrics; every status is present, 0 if none). */
  countByStatus(): Promise<Record<PetStatus, number>>;
}

export interface ListPetsQuery {
  limit: number;
  status?: PetStatus;
  /**
   * Only pets of this category (the adopters' gallery filter). Cheap on PostgreSQL (an
   * index); the file store walks the status's pets and skips others, fine at shelter scale.
   */
  categoryId?: number;
  /**
   * Only these pets (`GET /v1/pets?id=3,7`, at most 100): ids of no pet are left out, and
   * the other filters still apply.
   */
  ids?: readonly number[];
  /** A name search and profile filters (lib/pets/pet-filter.ts); every field given must match. */
  filter?: PetFilter;
  /**
   * From a previous page's `nextCursor` of a listing with this same `status`. One that
   * listing could not have issued (forged, from another filter, or naming a pet that is
   * not in the listing) is refused with InvalidCursorError, the same error whatever the reason.
   */
  cursor?: string;
}

export interface PetPage {
  pets: Pet[];
  /** Present when more pets match after this page. */
  nextCursor?: string;
}
