import type { Pet } from "@/lib/pets/schemas";
import type { PetPage } from "@/lib/pets/pet-store";

/**
 * The newest pets of one listing (its status, category and filters), from which every first
 * page of it is cut: first pages that differ only by `limit` are prefixes of one list, so a
 * store keeps the list once per listing and a write revises or forgets one list, not one page
 * per page size asked (issue 39, docs/decisions/309).
 *
 * Holds the listing's first `span` pets (all of them when it has fewer), newest first, each
 * frozen, and whether more follow; the list is never handed out, only pages cut from it. A page of any `limit` it `covers` is cut from it once and
 * handed out again, the same frozen object, until the list is replaced: the API encodes a
 * frozen page once (lib/api/once-per-frozen.ts).
 */
export class FirstPets {
  private readonly pages = new Map<number, PetPage>();

  private constructor(
    readonly pets: readonly Pet[],
    readonly more: boolean,
    readonly span: number,
    private readonly cursorOf: (lastId: number) => string,
  ) {}

  /**
   * The list a store read with limit `span`: the first `pets` of the listing (frozen here: they
   * are shared by every page cut from the list), and whether more follow them.
   */
  static of(pets: readonly Pet[], more: boolean, span: number, cursorOf: (lastId: number) => string): FirstPets {
    for (const pet of pets) Object.freeze(pet);
    return new FirstPets([...pets], more, span, cursorOf);
  }

  /** Whether the first page of `limit` is known from this list alone. */
  covers(limit: number): boolean {
    return limit <= this.pets.length || !this.more;
  }

  /** The first page of `limit` (which the list covers): its first pets, a next cursor when more follow. */
  page(limit: number): PetPage {
    const size = Math.min(limit, this.pets.length);
    const known = this.pages.get(size);
    if (known) return known;
    // Frozen, as every remembered page is: the port's type says Pet[], nobody may change it. The
    // list itself is not (V8 copies a frozen array's elements one by one: 30x slower to cut).
    const pets = Object.freeze(this.pets.slice(0, size)) as Pet[];
    const last = pets.at(-1);
    const page: PetPage = Object.freeze(
      last && (size < this.pets.length || this.more) ? { pets, nextCursor: this.cursorOf(last.id) } : { pets },
    );
    this.pages.set(size, page);
    return page;
  }

  /**
   * The list once `pet` (new, and in this listing) is committed: with the pet in its place by
   * id (usually on top; on PostgreSQL ids may commit out of order), at most `span` pets, more
   * following when one fell off the end. Unchanged when the pet falls beyond the pets held.
   * A pet the list already shows (a read that saw the commit before the create settled) is
   * replaced, not shown twice.
   */
  withCreated(pet: Pet): FirstPets {
    const last = this.pets.at(-1);
    if (this.more && last && pet.id < last.id) return this;
    const created = Object.freeze({ ...pet });
    const pets =
      this.pets.length === 0 || this.pets[0]!.id < pet.id
        ? [created, ...this.pets]
        : inIdOrder(
            this.pets.filter((other) => other.id !== pet.id),
            created,
          );
    const trimmed = pets.length > this.span;
    if (trimmed) pets.pop();
    return new FirstPets(pets, this.more || trimmed, this.span, this.cursorOf);
  }
}

/** `pets` (newest first) with `pet` put where its id belongs. */
function inIdOrder(pets: Pet[], pet: Pet): Pet[] {
  const at = pets.findIndex((other) => other.id < pet.id);
  pets.splice(at < 0 ? pets.length : at, 0, pet);
  return pets;
}

/**
 * A listing's cursor maker that remembers the cursors it made: after a create every page of
 * the listing ends one pet earlier, on a pet an earlier page ended on, so most are made once.
 */
export function rememberedCursors(encode: (lastId: number) => string, max = 1024): (lastId: number) => string {
  let made = new Map<number, string>();
  return (lastId) => {
    let cursor = made.get(lastId);
    if (cursor === undefined) {
      if (made.size >= max) made = new Map();
      made.set(lastId, (cursor = encode(lastId)));
    }
    return cursor;
  };
}
