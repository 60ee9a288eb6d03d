import "server-only";
import { NewCategory, type Category } from "@/lib/categories/schemas";
import { NewOrder, type Order, type OrderChange, type OrderStatus } from "@/lib/orders/schemas";
import { NewPet, PetPatch, type Pet, type PetStatus } from "@/lib/pets/schemas";
import { decodeCursor, encodeCursor } from "@/lib/paging/cursor";
import { decodeOrderCursor, encodeOrderCursor } from "@/lib/paging/order-cursor";
import type { ListOrdersQuery, OrderPage } from "@/lib/store/order-store";
import type { Claim, ClaimOptions, IdempotencyRecord } from "@/lib/store/idempotency-store";
import { type ListPetsQuery, type PetPage, type PetStore } from "@/lib/store/pet-store";
import { InvalidCursorError, StoreUnavailableError } from "@/lib/errors/store-errors";
import { encodeCommitLine } from "./commit-record";
import { DataFiles } from "./data-files";
import { GroupCommitter } from "./group-commit";
import { type DirectoryLock } from "./lock";
import { OrderBook } from "./order-book";
import { observeBatchSize } from "@/lib/ops/metrics";
import type { MaybePromise } from "@/lib/maybe-promise";
import { PetIndex } from "./pet-index";
import { PageMemo } from "./page-memo";
import { pageChangedBy, scopeOf, type PageScope, type PetChange } from "@/lib/paging/page-changes";
import { planBatch, type BatchIds, type Memory, type Outcome, type WriteOp } from "./write-batch";
import { nowMs } from "@/lib/clock";
import { EventBook } from "./event-book";
import { currentActor } from "@/lib/events/actor";
import { announceEventsAppended } from "@/lib/events/appended";
import type { LoggedEvent, ReadEventsQuery } from "@/lib/events/event-log";
import type { AuditQuery, PreviousAsk } from "@/lib/audit/audit-log";
import type { Event } from "@/lib/events/event-types";
import { EventRetention } from "@/lib/events/retention";
import { filterKey, isEmptyFilter } from "@/lib/pets/pet-filter";
import { todayOf } from "@/lib/pets/age-group";
import type { ApplicationRecord } from "@/lib/applications/schemas";
import type {
  ApplicationChange,
  ApplicationPage,
  ListApplicationsQuery,
  NewApplicationRecord,
} from "@/lib/store/application-store";
import { ApplicationBook } from "./application-book";
import { pageOfApplications } from "./application-listing";
import { ErasureFolds, type Erasure } from "./erasure-folds";

// A frozen query (the API's, remembered per URL) has one filter key: worked out once, not per request.
const filterKeys = new WeakMap<ListPetsQuery, string>();

function filterKeyOf(query: ListPetsQuery): string {
  let key = filterKeys.get(query);
  if (key === undefined) {
    key = filterKey(query.filter, query.ids);
    if (Object.isFrozen(query)) filterKeys.set(query, key);
  }
  return key;
}

/*
 * The embedded pet store once open (./file-store.ts opens it): every pet in memory
 * (PetIndex), each write group-committed to the journal with its commit record, listings
 * remembered until the next write. Why: docs/decisions/008, 020, 021.
 */

export class FileStore implements PetStore {
  private readonly writer = new GroupCommitter<WriteOp, Outcome>(
    (ops) => {
      observeBatchSize("file", ops.length);
      return this.commit(ops);
    },
    () => this.files.compactIfDue(this.memory),
  );
  private readonly ids: BatchIds;
  private readonly events: EventBook;
  private readonly retention: EventRetention;
  private readonly index: PetIndex;
  private readonly book: OrderBook;
  private readonly applications: ApplicationBook;
  private closing: Promise<void> | undefined;
  // Listings answered since a write changed them (./page-memo.ts); commit forgets those.
  private readonly petPages = new PageMemo<PetPage, PageScope>();
  private readonly orderPages = new PageMemo<OrderPage>();

  constructor(
    private readonly memory: Memory,
    private readonly files: DataFiles,
    private readonly lock: DirectoryLock,
    retentionMs: number,
    private readonly folds: ErasureFolds,
  ) {
    this.index = memory.index;
    this.applications = memory.applications;
    this.book = memory.book;
    this.events = memory.events;
    this.ids = {
      nextPetId: this.index.lastId + 1,
      nextOrderId: this.book.lastOrderId + 1,
      nextEventSequence: this.events.lastSequence + 1,
      nextApplicationId: this.applications.lastId + 1,
    };
    this.retention = new EventRetention(retentionMs, (before) => this.pruneEvents(before));
  }

  async readEvents(query: ReadEventsQuery): Promise<LoggedEvent[]> {
    this.assertOpen();
    return this.events.read(query);
  }

  // Applications (docs/decisions/192): in memory like orders, in the journal's batches with them.
  async submitApplication(application: NewApplicationRecord) {
    this.assertOpen();
    return this.write<{ application: ApplicationRecord; duplicate: boolean }>({
      kind: "submit-application",
      application,
      actor: currentActor(),
    });
  }

  async getApplication(id: number): Promise<ApplicationRecord | undefined> {
    this.assertOpen();
    return this.applications.get(id);
  }

  async findByStatusToken(digest: string): Promise<ApplicationRecord | undefined> {
    this.assertOpen();
    return this.applications.findByStatusToken(digest);
  }

  async findByEmailDigest(digest: string): Promise<ApplicationRecord[]> {
    this.assertOpen();
    return this.applications.findByEmailDigest(digest);
  }

  async listApplications(query: ListApplicationsQuery): Promise<ApplicationPage> {
    this.assertOpen();
    return pageOfApplications(this.applications, query);
  }

  async changeApplication(id: number, decide: ApplicationChange): Promise<ApplicationRecord | undefined> {
    this.assertOpen();
    return this.write({ kind: "change-application", id, decide, actor: currentActor() });
  }

  /** Resolves once the journals that held the answers are folded into a new snapshot and deleted. */
  async erasePersonalData(ids: readonly number[], at: string): Promise<number[]> {
    this.assertOpen();
    const op = { kind: "erase-applications", ids, at, actor: currentActor() } as const;
    return this.folds.done(await this.write<Erasure>(op));
  }

  async decidedBefore(cutoff: string, limit: number): Promise<number[]> {
    this.assertOpen();
    return this.applications.decidedBefore(cutoff, limit);
  }

  async readAudit(query: AuditQuery): Promise<LoggedEvent[]> {
    this.assertOpen();
    return this.events.readAudit(query);
  }

  async readPrevious(asks: readonly PreviousAsk[]): Promise<(LoggedEvent | undefined)[]> {
    this.assertOpen();
    return this.events.readPrevious(asks);
  }

  async latestSequence(): Promise<number> {
    this.assertOpen();
    return this.events.lastSequence;
  }

  async appendEvents(events: Event[]): Promise<number[]> {
    this.assertOpen();
    return this.write({ kind: "events", events, actor: currentActor() });
  }

  /**
   * In memory at once; the files shrink at the next compaction, whose snapshot holds only the
   * kept events (a restart before it reads the old ones again, and prunes them again).
   */
  async pruneEvents(before: Date): Promise<number> {
    return this.events.prune(before.toISOString());
  }

  /** The page at once: the pets are in memory, and a page is remembered until the next write. */
  list(query: ListPetsQuery): MaybePromise<PetPage> {
    try {
      this.assertOpen();
      const { limit, status, categoryId, cursor } = query;
      if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
      const key = filterKeyOf(query);
      // The day is part of the key: an age group's birth dates move at midnight (UTC).
      const today = key ? todayOf(nowMs()) : "";
      let beforeId = Infinity;
      return this.petPages.get(
        `${limit} ${status} ${categoryId} ${cursor} ${key} ${today}`,
        () => {
          if (cursor !== undefined) beforeId = decodeCursor(cursor, status, categoryId, key);
          return this.pageOfPets(query, key, today, beforeId);
        },
        (page) => scopeOf(query, beforeId, today, page),
      );
    } catch (error) {
      return Promise.reject(error);
    }
  }

  private pageOfPets(
    { limit, status, categoryId, cursor, ids, filter }: ListPetsQuery,
    key: string,
    today: string,
    beforeId: number,
  ): PetPage {
    const selection = key ? { ids, filter: isEmptyFilter(filter) ? undefined : filter, today } : undefined;
    if (cursor !== undefined) {
      // Cursors name a pet that was on a page of this listing; any other id was never
      // issued for it, and refusing it alike tells nothing about pets outside the filter.
      if (!this.index.holds(beforeId, status, categoryId, selection)) throw new InvalidCursorError();
    }
    const { pets, more } = this.index.page(limit, beforeId, status, categoryId, selection);
    const last = pets.at(-1);
    return more && last ? { pets, nextCursor: encodeCursor(last.id, status, categoryId, key) } : { pets };
  }

  async get(id: number): Promise<Pet | undefined> {
    this.assertOpen();
    return this.index.get(id);
  }

  async updatePet(id: number, patch: PetPatch, versions?: readonly string[]): Promise<Pet> {
    this.assertOpen();
    return this.write({ kind: "correct", id, patch: PetPatch.parse(patch), versions, actor: currentActor() });
  }

  async countByStatus(): Promise<Record<PetStatus, number>> {
    this.assertOpen();
    return this.index.countByStatus();
  }

  async create(newPet: NewPet, record?: IdempotencyRecord<Pet>): Promise<Pet> {
    this.assertOpen();
    // The API validated already; checking again keeps a bad call from writing a record
    // that would make the file unreadable on the next open.
    return this.write({ kind: "pet", pet: NewPet.parse(newPet), record, actor: currentActor() });
  }

  async placeOrder(order: NewOrder, record?: IdempotencyRecord<Order>): Promise<Order> {
    this.assertOpen();
    return this.write({ kind: "place", order: NewOrder.parse(order), record, actor: currentActor() });
  }

  async getOrder(id: number): Promise<Order | undefined> {
    this.assertOpen();
    return this.book.order(id);
  }

  /** A cursor is checked by its encoding only (docs/decisions/082-order-cursors-need-no-anchor.md). */
  async listOrders(query: ListOrdersQuery): Promise<OrderPage> {
    this.assertOpen();
    const { limit, status, petId, cursor } = query;
    return this.orderPages.get(`${limit} ${status} ${petId} ${cursor}`, () => this.pageOfOrders(query));
  }

  private pageOfOrders({ limit, status, petId, cursor }: ListOrdersQuery): OrderPage {
    const beforeId = cursor === undefined ? Infinity : decodeOrderCursor(cursor, { status, petId });
    const { orders, more } = this.book.page(limit, beforeId, status, petId);
    const last = orders.at(-1);
    return more && last ? { orders, nextCursor: encodeOrderCursor(last.id, { status, petId }) } : { orders };
  }

  async transitionOrder(id: number, to: OrderStatus): Promise<Order> {
    return this.updateOrder(id, { status: to });
  }

  async updateOrder(id: number, change: OrderChange): Promise<Order> {
    this.assertOpen();
    return this.write({ kind: "transition", id, change, actor: currentActor() });
  }

  async listCategories(): Promise<Category[]> {
    this.assertOpen();
    return this.book.allCategories();
  }

  async createCategory(category: NewCategory, record?: IdempotencyRecord<Category>): Promise<Category> {
    this.assertOpen();
    return this.write({ kind: "category", category: NewCategory.parse(category), record, actor: currentActor() });
  }

  /** In memory only: one process holds the directory, and a claim need not outlive it (docs/decisions/109). */
  async claim(key: string, fingerprint: string, { now }: ClaimOptions): Promise<Claim> {
    this.assertOpen();
    return this.memory.idempotency.claim(key, fingerprint, now);
  }

  async release(key: string, claimedAt: number): Promise<void> {
    this.memory.idempotency.release(key, claimedAt);
  }

  async renameCategory(id: number, name: string): Promise<Category | undefined> {
    this.assertOpen();
    return this.write({ kind: "rename", id, name: NewCategory.parse({ name }).name, actor: currentActor() });
  }

  private async write<Value>(op: WriteOp): Promise<Value> {
    const outcome = await this.writer.submit(op);
    if ("error" in outcome) throw outcome.error;
    return outcome.value as Value;
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    this.retention.stop();
    await this.writer.idle();
    try {
      await this.files.close();
    } finally {
      await this.lock.release();
    }
  }

  /**
   * Writes one batch; ids are taken here, so a failed batch burns its ids while this
   * process runs (gaps, no reuse). A restart continues after the highest id on disk: no
   * client saw a failed batch's ids (docs/decisions/022-ids-after-restart.md). Each op is
   * decided in turn against what the ops before it did (planBatch), so concurrent orders
   * for one pet or transitions of one order serialise here: exactly one wins.
   */
  private async commit(ops: WriteOp[]): Promise<Outcome[]> {
    const batch = planBatch(ops, this.memory, this.ids, new Date(nowMs()).toISOString());
    if (batch.lines.length === 0) {
      this.folds.attach(ops, batch.outcomes);
      return batch.outcomes;
    }
    try {
      // One write and one fdatasync for the records and the commit record that closes them.
      await this.files.append(Buffer.from(batch.lines.join("") + encodeCommitLine(batch.lines.length)));
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
    const announced = this.events.lastSequence;
    const changes: PetChange[] = batch.petIds().map((id) => ({ id, before: this.index.get(id) }));
    batch.apply();
    this.folds.attach(ops, batch.outcomes);
    for (const change of changes) change.after = this.index.get(change.id);
    // Only the pages a change is or was on (lib/paging/page-changes.ts): a create keeps every later page.
    if (changes.length > 0) this.petPages.forget((scope) => changes.some((change) => pageChangedBy(scope, change)));
    this.orderPages.clear();
    if (this.events.lastSequence > announced) announceEventsAppended(this.events.lastSequence);
    return batch.outcomes;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error("the pet store is closed");
  }
}
