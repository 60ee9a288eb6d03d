import "server-only";
import type { MaybePromise } from "@/lib/maybe-promise";
import type { ListOrdersQuery, OrderPage } from "@/lib/orders/order-store";
import type { PetStore } from "@/lib/composition/pet-store";
import type { ListPetsQuery, PetPage } from "@/lib/pets/pet-store";
import { EVERYTHING, type ChangeFeed } from "@/lib/store/changes";
import { filterKey, filterText } from "@/lib/pets/pet-filter";
import type { Pet } from "@/lib/pets/schemas";
import { pageChangedBy, scopeOf } from "@/lib/paging/page-changes";
import { decodeCursor, encodeCursor } from "@/lib/paging/cursor";
import { beforeCreating } from "@/lib/store/created-here";
import type { OwnBackends } from "@/lib/store/postgres/own-backends";
import { todayOf } from "@/lib/pets/age-group";
import { nowMs } from "@/lib/clock";
import { FirstPages } from "@/lib/pets/postgres-first-pages";

/** Pages remembered per listing at most; cursors make every later page a key of its own. */
const MAX_PAGES = 256;

/**
 * Methods that only read: every other method of the store is taken for a write, so a
 * write method added later invalidates too without anyone remembering to say so.
 */
const READS = new Set([
  "list",
  "listOrders",
  "get",
  "getOrder",
  "listCategories",
  "countByStatus",
  "claim",
  "release",
  // The event log's reads: webhook delivery polls them, and must not empty the listings.
  "readEvents",
  "latestSequence",
  // The audit's reads of the same log (lib/audit/audit-log.ts).
  "readAudit",
  "readPrevious",
  // Applications are not remembered (they change under staff's eyes); reading them changes nothing.
  "getApplication",
  "findByStatusToken",
  "findByEmailDigest",
  "listApplications",
  "decidedBefore",
]);

/**
 * The PostgreSQL store with its listings remembered between changes, as the file store
 * does (lib/store/file/page-memo.ts), so a repeated page is answered without a promise or
 * a round trip. A remembered page is dropped:
 *  - by this instance's own writes, when they settle, before their caller hears back, so
 *    a client always reads its own writes;
 *  - by other instances' writes, when their commit's NOTIFY arrives (change-feed.ts);
 *  - all of them, whenever the feed is lost or comes back; while it is not live (lost, or
 *    not heard from within a second) nothing is answered from memory.
 * A read that was under way when anything changed is handed out but not remembered: it
 * may have seen the database before the change. Why: docs/decisions/123.
 *
 * With `own` (the backends of the store's pool), a pet this instance creates is put into the
 * remembered pages it belongs on (lib/paging/page-changes.ts says which) instead of dropping
 * them, and the NOTIFY of this instance's own commits to pets and orders is not news: the
 * write already changed what it had to when it settled. Why: docs/decisions/228.
 *
 * First pages (no cursor) are cut from one list per listing (lib/pets/postgres-first-pages.ts), so a create
 * revises one list per listing however many page sizes were asked. Why: docs/decisions/309.
 */
export function withReadCache(store: PetStore, feed: ChangeFeed, own?: OwnBackends): PetStore {
  // First pages, one list per listing (lib/pets/postgres-first-pages.ts); pages after a cursor, one per query.
  const first = new FirstPages((query) => store.list(query), feed);
  const pets = new Listing<ListPetsQuery, PetPage>((query) => store.list(query), feed);
  const orders = new Listing<ListOrdersQuery, OrderPage>((query) => store.listOrders(query), feed);
  const petListings = {
    changed: () => {
      first.changed();
      pets.changed();
    },
  };
  const byTable: Record<string, { changed(): void }> = { pets: petListings, orders };
  const changedEverything = () => {
    petListings.changed();
    orders.changed();
  };
  feed.subscribe((table, origin) => {
    if (table === EVERYTHING) changedEverything();
    else if (!own?.has(origin)) byTable[table]?.changed();
  });
  const failed = () => {
    own?.distrust();
    changedEverything();
  };
  const cached: Record<string, unknown> = {
    list: (query: ListPetsQuery) => {
      if (query.cursor !== undefined) return pets.read(query, petsKey(query));
      const today = query.filter?.ageGroup ? todayOf(nowMs()) : "";
      return first.read(query, `${firstPageKey(query)}${today}`, today);
    },
    create: (...args: Parameters<PetStore["create"]>) => {
      const created = beforeCreating();
      return store.create(...args).then(
        (pet) => {
          created([pet.id]);
          if (own) {
            first.created(pet);
            pets.revise((page, query) => withCreated(page, query, pet));
          } else changedEverything();
          return pet;
        },
        (error: unknown) => {
          failed();
          throw error;
        },
      );
    },
    // The port promises a promise here; what it saves is the round trip.
    listOrders: (query: ListOrdersQuery) => Promise.resolve(orders.read(query, ordersKey(query))),
    close: () => Promise.all([store.close(), feed.close()]).then(() => {}),
  };
  for (const name of methodNames(store)) {
    if (name in cached) continue;
    const method = (store as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!.bind(store);
    cached[name] = READS.has(name) ? method : invalidating(method, changedEverything, failed);
  }
  return cached as unknown as PetStore;
}

/** A write that drops every remembered page once it settles, however it ends (a timeout may have committed). */
function invalidating(write: (...args: unknown[]) => unknown, changed: () => void, failed: () => void) {
  return (...args: unknown[]) => {
    let result: unknown;
    try {
      result = write(...args);
    } catch (error) {
      failed();
      throw error;
    }
    if (!(result instanceof Promise)) {
      changed();
      return result;
    }
    return result.then(
      (value: unknown) => {
        changed();
        return value;
      },
      (error: unknown) => {
        failed();
        throw error;
      },
    );
  };
}

// What withCreated needs of a remembered query, worked out once per query object.
const listings = new WeakMap<ListPetsQuery, { key: string; beforeId: number; patchable: boolean }>();

function listingOf(query: ListPetsQuery) {
  let listing = listings.get(query);
  if (!listing) {
    const { status, categoryId, cursor, ids, filter } = query;
    const key = filterKey(filter, ids);
    const { listed, ...rest } = filter ?? {};
    listing = {
      key,
      beforeId: cursor === undefined ? Infinity : decodeCursor(cursor, status, categoryId, key),
      patchable: !ids && listed !== false && Object.values(rest).every((value) => value === undefined),
    };
    listings.set(query, listing);
  }
  return listing;
}

/**
 * A remembered page after this instance created `pet`: as it was when the pet is not on it
 * (nor changes whether more follow), with the pet in its place when the listing is one a
 * pet's own fields decide (status, category, listed), else undefined: read it again.
 */
function withCreated(page: PetPage, query: ListPetsQuery, pet: Pet): PetPage | undefined {
  const { limit, status, categoryId, filter } = query;
  const { key, beforeId, patchable } = listingOf(query);
  const today = filter?.ageGroup ? todayOf(nowMs()) : "";
  if (!pageChangedBy(scopeOf(query, beforeId, today, page), { id: pet.id, after: pet })) return page;
  if (!patchable) return undefined;
  const created = Object.freeze({ ...pet });
  // Usually the newest pet: on top, without a search (ids may commit out of order, so not always).
  const pets =
    page.pets.length === 0 || page.pets[0]!.id < pet.id ? [created, ...page.pets] : insertInIdOrder(page.pets, created);
  const trimmed = pets.length > limit;
  if (trimmed) pets.pop();
  const last = pets.at(-1);
  if (!(trimmed || page.nextCursor !== undefined) || !last) return { pets };
  // The same last pet as before (the new one went onto the page above it): the same cursor.
  const nextCursor = last === page.pets.at(-1) ? page.nextCursor : undefined;
  return { pets, nextCursor: nextCursor ?? encodeCursor(last.id, status, categoryId, key) };
}

function insertInIdOrder(shown: readonly Pet[], pet: Pet): Pet[] {
  const pets = shown.filter((other) => other.id !== pet.id);
  const at = pets.findIndex((other) => other.id < pet.id);
  pets.splice(at < 0 ? pets.length : at, 0, pet);
  return pets;
}

/** One listing's remembered pages, valid for one generation of its table (also the photos': lib/photos/photo-cache.ts). */
export class Listing<Query, Page extends object> {
  private generation = 0;
  private pages = new Map<string, Page>();
  private queries = new Map<string, Query>();
  // Reads under way for this generation: a burst of misses costs one query, not one each.
  private pending = new Map<string, Promise<Page>>();

  constructor(
    private readonly load: (query: Query) => MaybePromise<Page>,
    private readonly feed: ChangeFeed,
  ) {}

  changed(): void {
    this.generation++;
    if (this.pages.size > 0) this.pages = new Map();
    if (this.queries.size > 0) this.queries = new Map();
    if (this.pending.size > 0) this.pending = new Map();
  }

  /**
   * After a write this instance made: each remembered page as `revise` makes it (undefined:
   * forget it). Reads under way are not remembered, as after `changed`: they may have seen
   * the database before the write.
   */
  revise(revise: (page: Page, query: Query) => Page | undefined): void {
    this.generation++;
    if (this.pending.size > 0) this.pending = new Map();
    for (const [key, page] of this.pages) {
      const query = this.queries.get(key) as Query;
      const next = revise(page, query);
      if (next === page) continue;
      if (next === undefined) {
        this.pages.delete(key);
        this.queries.delete(key);
      } else this.pages.set(key, freezePage(next));
    }
  }

  read(query: Query, key: string): MaybePromise<Page> {
    // A feed not heard from lately may have missed a change: the database answers.
    if (!this.feed.live) return this.load(query);
    const known = this.pages.get(key);
    if (known) return known;
    const underWay = this.pending.get(key);
    if (underWay) return underWay;
    const generation = this.generation;
    const pending = this.pending;
    const loading = Promise.resolve(this.load(query)).then(
      (page) => {
        pending.delete(key);
        // Only a read that saw nothing change while it ran, with the feed up all along.
        if (generation !== this.generation || !this.feed.live) return page;
        const frozen = deepFreeze(page);
        if (this.pages.size >= MAX_PAGES) {
          this.pages.clear();
          this.queries.clear();
        }
        this.pages.set(key, frozen);
        this.queries.set(key, query);
        return frozen;
      },
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, loading);
    return loading;
  }
}

/**
 * Every part of the listing, so a page of one filter never answers another. An age group is
 * counted from today's date, so its pages are remembered for the day they were read.
 */
function petsKey(query: ListPetsQuery): string {
  return query.filter?.ageGroup ? `${listingKey(query)}${todayOf(nowMs())}` : listingKey(query);
}

// A frozen query (the API's, remembered per URL) has one key: worked out once, not per request.
const listingKeys = new WeakMap<ListPetsQuery, string>();

function listingKey(query: ListPetsQuery): string {
  let key = listingKeys.get(query);
  if (key === undefined) {
    const { limit, status, categoryId, cursor, ids, filter } = query;
    // Ends in "|", the day following for an age group (petsKey): the whole key of most queries, made once.
    key = `${limit}|${status ?? ""}|${categoryId ?? ""}|${cursor ?? ""}|${filterText(filter, ids)}|`;
    if (Object.isFrozen(query)) listingKeys.set(query, key);
  }
  return key;
}

// The same for first pages, without the limit: every limit's page is cut from one list (lib/pets/postgres-first-pages.ts).
const firstPageKeys = new WeakMap<ListPetsQuery, string>();

function firstPageKey(query: ListPetsQuery): string {
  let key = firstPageKeys.get(query);
  if (key === undefined) {
    const { status, categoryId, ids, filter } = query;
    key = `${status ?? ""}|${categoryId ?? ""}|${filterText(filter, ids)}|`;
    if (Object.isFrozen(query)) firstPageKeys.set(query, key);
  }
  return key;
}

function ordersKey({ limit, status, petId, cursor }: ListOrdersQuery): string {
  return `${limit}|${status ?? ""}|${petId ?? ""}|${cursor ?? ""}`;
}

/** Every method the store has, its class's and its own. */
function methodNames(store: object): string[] {
  const names = new Set<string>();
  for (let proto = store; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    for (const name of Object.getOwnPropertyNames(proto)) {
      if (name !== "constructor" && typeof (store as Record<string, unknown>)[name] === "function") names.add(name);
    }
  }
  return [...names];
}

/** A revised page: its items are frozen already (kept, or frozen when put in); the lists and the page are not. */
function freezePage<Page extends object>(page: Page): Page {
  for (const value of Object.values(page)) if (Array.isArray(value)) Object.freeze(value);
  return Object.freeze(page);
}

/** A page and its items (one level of objects inside arrays), frozen: callers share it. */
function deepFreeze<Page extends object>(page: Page): Page {
  for (const value of Object.values(page)) {
    if (Array.isArray(value)) {
      for (const item of value) Object.freeze(item);
      Object.freeze(value);
    }
  }
  return Object.freeze(page);
}
