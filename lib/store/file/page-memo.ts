/**
 * The pages a listing answered since the last write, by query: a read-heavy API repeats a
 * few listings (the first page of available pets) far more often than anything changes, so
 * each is worked out once per write instead of once per request. Only the file store keeps
 * one: its process is the only writer (the directory's LOCK), so every change passes
 * through `clear`. A page handed out is frozen, pets and all, so a caller cannot change
 * what the next caller gets; lib/api/api-route.ts encodes a frozen answer once, too.
 * Why: docs/decisions/112.
 */
export class PageMemo<Page extends object> {
  private readonly pages = new Map<string, Page>();

  // Cursors make every later page a query of its own: the bound keeps those from piling up.
  constructor(private readonly maxPages = 256) {}

  /** The page for `key`, made by `make` the first time since the last clear. */
  get(key: string, make: () => Page): Page {
    const known = this.pages.get(key);
    if (known) return known;
    const page = deepFreeze(make());
    if (this.pages.size >= this.maxPages) this.pages.clear();
    this.pages.set(key, page);
    return page;
  }

  /** After every write: no page made before it is handed out again. */
  clear(): void {
    this.pages.clear();
  }
}

/** A page and its items (one level of objects inside arrays), frozen. */
function deepFreeze<Page extends object>(page: Page): Page {
  for (const value of Object.values(page)) {
    if (Array.isArray(value)) {
      for (const item of value) Object.freeze(item);
      Object.freeze(value);
    }
  }
  return Object.freeze(page);
}
