import "server-only";
import { NewCategory, type Category } from "@/lib/categories/schemas";
import { NewOrder, type Order, type OrderChange, type OrderStatus } from "@/lib/orders/schemas";
import { NewPet, PetPatch, type Pet, type PetStatus } from "@/lib/pets/schemas";
import { decodeCursor, encodeCursor } from "@/lib/paging/cursor";
import { decodeOrderCursor, encodeOrderCursor } from "@/lib/paging/order-cursor";
import type { ListOrdersQuery, OrderPage } from "@/lib/orders/order-store";
import type { Claim, ClaimOptions, IdempotencyRecord } from "@/lib/idempotency/idempotency-store";
import type { PetStore } from "@/lib/composition/pet-store";
import type { ListPetsQuery, PetPage } from "@/lib/pets/pet-store";
import { InvalidCursorError, StoreUnavailableError } from "@/lib/errors/store-errors";
import type { FileEngine } from "@/lib/store/file/engine/file-engine";
import type { OrderBook } from "@/lib/orders/file-order-book";
import type { MaybePromise } from "@/lib/maybe-promise";
import type { PetIndex } from "@/lib/pets/file-pet-index";
import { PageMemo } from "@/lib/store/file/page-memo";
import { FirstPageMemo } from "@/lib/pets/file-first-page-memo";
import { FirstPets, rememberedCursors } from "@/lib/paging/first-pets";
import { pageChangedBy, scopeOf, type PageScope } from "@/lib/paging/page-changes";
import { nowMs } from "@/lib/clock";
import type { EventBook } from "@/lib/events/file-event-book";
import { currentActor } from "@/lib/events/actor";
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
} from "@/lib/applications/application-store";
import type { ApplicationBook } from "@/lib/applications/file-application-book";
import { pageOfApplications } from "@/lib/applications/file-application-listing";
import {
  applicationsPart,
  type ApplicationOp,
  type ApplicationsState,
  type Erasure,
} from "@/lib/applications/file-application-part";
import type { CategoryBook } from "@/lib/categories/file-category-book";
import { categoriesPart, type CategoryOp } from "@/lib/categories/file-category-part";
import { eventsPart, type AppendEventsOp } from "@/lib/events/file-event-part";
import type { IdempotencyBook } from "@/lib/idempotency/file-idempotency-book";
import { idempotencyPart, type AnsweredOp } from "@/lib/idempotency/file-idempotency-part";
import { ordersPart, type OrderOp } from "@/lib/orders/file-order-part";
import { petsPart, type PetOp } from "@/lib/pets/file-pet-part";

/** The ops this store writes, each decided by its part (./file-parts.ts) in the next unit of work. */
export type WriteOp = (PetOp | OrderOp | CategoryOp | AppendEventsOp | ApplicationOp) & AnsweredOp;

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

// The same for a first page's listing (all but the limit and cursor), when no day is part of it.
const firstPageKeys = new WeakMap<ListPetsQuery, string>();

function firstPageKeyOf(query: ListPetsQuery, key: string, today: string): string {
  let listing = firstPageKeys.get(query);
  if (listing === undefined) {
    listing = `${query.status} ${query.categoryId} ${key} ${today}`;
    if (today === "" && Object.isFrozen(query)) firstPageKeys.set(query, listing);
  }
  return listing;
}

/*
 * The embedded pet store once open (./file-store.ts opens it): the ports of pets, orders,
 * categories, idempotency, events and applications over the file engine's parts (every pet
 * in memory, PetIndex), each write a unit of work of the engine, listings remembered until
 * the next write changes them. Why: docs/decisions/008, 020, 021, 245.
 */

export class FileStore implements PetStore {
  private readonly events: EventBook;
  private readonly retention: EventRetention;
  private readonly index: PetIndex;
  private readonly book: OrderBook;
  private readonly categories: CategoryBook;
  private readonly idempotency: IdempotencyBook;
  private readonly applications: ApplicationBook;
  private readonly applicationsState: ApplicationsState;
  private closing: Promise<void> | undefined;
  // Listings answered since a write changed them: first pages cut from one list per listing
  // (lib/pets/file-first-page-memo.ts), later pages one per query (lib/store/file/page-memo.ts); the parts tell what changed.
  private readonly firstPages = new FirstPageMemo();
  private readonly petPages = new PageMemo<PetPage, PageScope>();
  private readonly orderPages = new PageMemo<OrderPage>();

  constructor(
    /** The engine under these ports: another resource's file adapter writes its ops through it too. */
    readonly engine: FileEngine,
    retentionMs: number,
  ) {
    const { states } = engine;
    const pets = states.of(petsPart);
    const orders = states.of(ordersPart);
    this.index = pets.index;
    this.book = orders.book;
    this.categories = states.of(categoriesPart);
    this.idempotency = states.of(idempotencyPart);
    this.events = states.of(eventsPart).book;
    this.applicationsState = states.of(applicationsPart);
    this.applications = this.applicationsState.book;
    // Only the pages a change is or was on (lib/paging/page-changes.ts): a create keeps every later page.
    pets.onChange = (changes) => {
      this.firstPages.changed(changes);
      this.petPages.forget((scope) => changes.some((change) => pageChangedBy(scope, change)));
    };
    orders.onChange = () => this.orderPages.clear();
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
    const { erased, folded } = await this.write<Erasure>({
      kind: "erase-applications",
      ids,
      at,
      actor: currentActor(),
    });
    try {
      await folded;
    } catch (error) {
      this.applicationsState.foldOwed = true; // the next erasure folds again
      throw new StoreUnavailableError(error);
    }
    return erased;
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
      if (cursor === undefined) return this.firstPage(query, key, today);
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

  /** A first page, cut from its listing's list of newest pets (lib/pets/file-first-page-memo.ts). */
  private firstPage(query: ListPetsQuery, key: string, today: string): PetPage {
    const { status, categoryId, ids, filter } = query;
    return this.firstPages.page(firstPageKeyOf(query, key, today), query, today, (span) => {
      const selection = key ? { ids, filter: isEmptyFilter(filter) ? undefined : filter, today } : undefined;
      const { pets, more } = this.index.page(span, Infinity, status, categoryId, selection);
      const cursorOf = rememberedCursors((lastId) => encodeCursor(lastId, status, categoryId, key));
      return FirstPets.of(pets, more, span, cursorOf);
    });
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
    return this.categories.all();
  }

  async createCategory(category: NewCategory, record?: IdempotencyRecord<Category>): Promise<Category> {
    this.assertOpen();
    return this.write({ kind: "category", category: NewCategory.parse(category), record, actor: currentActor() });
  }

  /** In memory only: one process holds the directory, and a claim need not outlive it (docs/decisions/109). */
  async claim(key: string, fingerprint: string, { now }: ClaimOptions): Promise<Claim> {
    this.assertOpen();
    return this.idempotency.claim(key, fingerprint, now);
  }

  async release(key: string, claimedAt: number): Promise<void> {
    this.idempotency.release(key, claimedAt);
  }

  async renameCategory(id: number, name: string): Promise<Category | undefined> {
    this.assertOpen();
    return this.write({ kind: "rename", id, name: NewCategory.parse({ name }).name, actor: currentActor() });
  }

  private write<Value>(op: WriteOp): Promise<Value> {
    return this.engine.write<Value>(op);
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    this.retention.stop();
    await this.engine.close();
  }

  private assertOpen(): void {
    if (this.closing) throw new Error("the pet store is closed");
  }
}
