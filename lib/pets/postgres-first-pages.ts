import "server-only";
import type { MaybePromise } from "@/lib/maybe-promise";
import type { ListPetsQuery, PetPage } from "@/lib/pets/pet-store";
import type { ChangeFeed } from "@/lib/store/changes";
import type { Pet } from "@/lib/pets/schemas";
import { filterKey } from "@/lib/pets/pet-filter";
import { inListing } from "@/lib/paging/page-changes";
import { encodeCursor } from "@/lib/paging/cursor";
import { FirstPets, rememberedCursors } from "@/lib/paging/first-pets";

/** Listings remembered at most; past it, every list is read again. */
const MAX_LISTINGS = 256;

/** One listing's list, and what a create needs to know of the listing. */
interface Remembered {
  list: FirstPets;
  query: ListPetsQuery;
  /** The day its age groups were counted from ("" without one). */
  today: string;
  /** Whether a pet's own fields decide the listing (status, category, listed), so a create can be put in. */
  patchable: boolean;
  cursorOf: (lastId: number) => string;
}

/**
 * The first pages of `GET /v1/pets` on PostgreSQL, one list per listing (lib/paging/first-pets.ts)
 * instead of one page per query: a page of any limit the list covers is cut from it, and a
 * pet this instance creates revises each list once, however many page sizes were asked
 * (docs/decisions/309; the rules of remembering are lib/composition/postgres-read-cache.ts's, 123
 * and 228). A list is kept for one generation of the pets table: a change from elsewhere
 * drops every list; a read under way when anything changed is handed out but not kept.
 */
export class FirstPages {
  private generation = 0;
  private lists = new Map<string, Remembered>();
  // Reads under way for this generation, by listing and limit: a burst of misses costs one query.
  private pending = new Map<string, Promise<PetPage>>();

  constructor(
    private readonly load: (query: ListPetsQuery) => MaybePromise<PetPage>,
    private readonly feed: ChangeFeed,
  ) {}

  changed(): void {
    this.generation++;
    if (this.lists.size > 0) this.lists = new Map();
    if (this.pending.size > 0) this.pending = new Map();
  }

  /**
   * After this instance created `pet` (committed): each list it belongs on gets it, without
   * a read; a list the pet cannot be put into by its own fields (a name search, profile
   * filters, ids) is dropped. Reads under way are not kept: they may not have seen it.
   */
  created(pet: Pet): void {
    this.generation++;
    if (this.pending.size > 0) this.pending = new Map();
    for (const [key, remembered] of this.lists) {
      if (!inListing(pet, remembered.query, remembered.today)) continue;
      if (remembered.patchable) remembered.list = remembered.list.withCreated(pet);
      else this.lists.delete(key);
    }
  }

  /** The first page of `query` (no cursor); `key` names its listing without the limit, `today` its day. */
  read(query: ListPetsQuery, key: string, today: string): MaybePromise<PetPage> {
    // A feed not heard from lately may have missed a change: the database answers.
    if (!this.feed.live) return this.load(query);
    const { limit } = query;
    const known = this.lists.get(key);
    if (known?.list.covers(limit)) return known.list.page(limit);
    const readKey = `${limit}|${key}`;
    const underWay = this.pending.get(readKey);
    if (underWay) return underWay;
    const generation = this.generation;
    const pending = this.pending;
    const loading = Promise.resolve(this.load(query)).then(
      (page) => {
        pending.delete(readKey);
        // Only a read that saw nothing change while it ran, with the feed up all along.
        if (generation !== this.generation || !this.feed.live) return page;
        return this.keep(query, key, today, page).page(limit);
      },
      (error: unknown) => {
        pending.delete(readKey);
        throw error;
      },
    );
    pending.set(readKey, loading);
    return loading;
  }

  /** A list read in this generation, kept unless a longer one of the same listing is kept already. */
  private keep(query: ListPetsQuery, key: string, today: string, page: PetPage): FirstPets {
    const known = this.lists.get(key);
    if (known && known.list.span >= query.limit) return known.list;
    const cursorOf = known?.cursorOf ?? cursorsOf(query);
    const list = FirstPets.of(page.pets, page.nextCursor !== undefined, query.limit, cursorOf);
    if (known) known.list = list;
    else {
      if (this.lists.size >= MAX_LISTINGS) this.lists.clear();
      this.lists.set(key, { list, query, today, patchable: patchable(query), cursorOf });
    }
    return list;
  }
}

function cursorsOf({ status, categoryId, ids, filter }: ListPetsQuery): (lastId: number) => string {
  const key = filterKey(filter, ids);
  return rememberedCursors((lastId) => encodeCursor(lastId, status, categoryId, key));
}

/** Listings a pet's own fields decide: status, category, listed (not a name search, profile filters or ids). */
function patchable({ ids, filter }: ListPetsQuery): boolean {
  const { listed, ...rest } = filter ?? {};
  return !ids && listed !== false && Object.values(rest).every((value) => value === undefined);
}
