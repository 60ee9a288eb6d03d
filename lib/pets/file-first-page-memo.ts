import type { Pet } from "@/lib/pets/schemas";
import type { ListPetsQuery, PetPage } from "@/lib/pets/pet-store";
import { FirstPets } from "@/lib/paging/first-pets";
import { pageChangedBy, type PetChange } from "@/lib/paging/page-changes";

/** One listing's list, or only the span it was asked for once a write made it stale. */
interface Listing {
  list: FirstPets | undefined;
  span: number;
  query: ListPetsQuery;
  today: string;
}

/**
 * The file store's first pages of pet listings, one list per listing (lib/paging/first-pets.ts)
 * instead of one remembered page per limit (lib/store/file/page-memo.ts keeps the pages after a cursor): a
 * page of any limit the list covers is cut from it, a create is put into each list it belongs
 * on, and any other change a list shows makes it again when next asked, once, at the largest
 * limit it was asked for. Why: docs/decisions/227 and 309.
 */
export class FirstPageMemo {
  private readonly listings = new Map<string, Listing>();

  constructor(private readonly maxListings = 256) {}

  /**
   * The first page of `limit` of the listing `key` names (`query` and `today` say what it is);
   * `make(span)` gives the listing's first `span` pets and whether more follow.
   */
  page(key: string, query: ListPetsQuery, today: string, make: (span: number) => FirstPets): PetPage {
    const { limit } = query;
    const listing = this.listings.get(key);
    if (listing?.list?.covers(limit)) return listing.list.page(limit);
    const span = Math.max(limit, listing?.span ?? 0);
    const list = make(span);
    if (listing) {
      listing.list = list;
      listing.span = span;
    } else {
      if (this.listings.size >= this.maxListings) this.listings.clear();
      this.listings.set(key, { list, span, query, today });
    }
    return list.page(limit);
  }

  /** After a write, with each pet it changed as it was and is (lib/paging/page-changes.ts decides). */
  changed(changes: readonly PetChange[]): void {
    for (const listing of this.listings.values()) {
      let list = listing.list;
      for (const change of changes) {
        if (!list) break;
        const scope = {
          query: { ...listing.query, limit: list.span },
          beforeId: Infinity,
          today: listing.today,
          count: list.pets.length,
          lastId: list.pets.at(-1)?.id,
        };
        if (!pageChangedBy(scope, change)) continue;
        // A pet created in the listing (the newest id: the file store takes ids in commit order).
        list = change.before === undefined && change.after ? list.withCreated(change.after as Pet) : undefined;
      }
      listing.list = list;
    }
  }
}
