import "server-only";
import type { MaybePromise } from "@/lib/maybe-promise";
import type { ListOrdersQuery, OrderPage } from "@/lib/store/order-store";
import type { ListPetsQuery, PetPage, PetStore } from "@/lib/store/pet-store";
import { EVERYTHING, type ChangeFeed } from "@/lib/store/changes";
import { filterText } from "@/lib/pets/pet-filter";
import { todayOf } from "@/lib/pets/age-group";
import { nowMs } from "@/lib/clock";

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
 */
export function withReadCache(store: PetStore, feed: ChangeFeed): PetStore {
  const pets = new Listing<ListPetsQuery, PetPage>((query) => store.list(query), feed);
  const orders = new Listing<ListOrdersQuery, OrderPage>((query) => store.listOrders(query), feed);
  const byTable: Record<string, Listing<never, object>> = { pets, orders };
  const changedEverything = () => {
    pets.changed();
    orders.changed();
  };
  feed.subscribe((table) => {
    if (table === EVERYTHING) changedEverything();
    else byTable[table]?.changed();
  });
  const cached: Record<string, unknown> = {
    list: (query: ListPetsQuery) => pets.read(query, petsKey(query)),
    // The port promises a promise here; what it saves is the round trip.
    listOrders: (query: ListOrdersQuery) => Promise.resolve(orders.read(query, ordersKey(query))),
    close: () => Promise.all([store.close(), feed.close()]).then(() => {}),
  };
  for (const name of methodNames(store)) {
    if (name in cached) continue;
    const method = (store as unknown as Record<string, (...args: unknown[]) => unknown>)[name]!.bind(store);
    cached[name] = READS.has(name) ? method : invalidating(method, changedEverything);
  }
  return cached as unknown as PetStore;
}

/** A write that drops every remembered page once it settles, however it ends (a timeout may have committed). */
function invalidating(write: (...args: unknown[]) => unknown, changed: () => void) {
  return (...args: unknown[]) => {
    let result: unknown;
    try {
      result = write(...args);
    } catch (error) {
      changed();
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
        changed();
        throw error;
      },
    );
  };
}

/** One listing's remembered pages, valid for one generation of its table (also the photos': lib/photos/photo-cache.ts). */
export class Listing<Query, Page extends object> {
  private generation = 0;
  private pages = new Map<string, Page>();
  // Reads under way for this generation: a burst of misses costs one query, not one each.
  private pending = new Map<string, Promise<Page>>();

  constructor(
    private readonly load: (query: Query) => MaybePromise<Page>,
    private readonly feed: ChangeFeed,
  ) {}

  changed(): void {
    this.generation++;
    if (this.pages.size > 0) this.pages = new Map();
    if (this.pending.size > 0) this.pending = new Map();
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
        if (this.pages.size >= MAX_PAGES) this.pages.clear();
        this.pages.set(key, frozen);
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
function petsKey({ limit, status, categoryId, cursor, ids, filter }: ListPetsQuery): string {
  const day = filter?.ageGroup ? todayOf(nowMs()) : "";
  return `${limit}|${status ?? ""}|${categoryId ?? ""}|${cursor ?? ""}|${filterText(filter, ids)}|${day}`;
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
