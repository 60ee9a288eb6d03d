/**
 * The pages a listing answered since a write changed them, by query: a read-heavy API repeats
 * a few listings (the first page of available pets) far more often than anything changes, so
 * each is worked out once per change instead of once per request. Only the file store keeps
 * one: its process is the only writer (the directory's LOCK), so every change passes through
 * `clear` or `forget`. A page handed out is frozen, pets and all, so a caller cannot change
 * what the next caller gets; lib/api/api-route.ts encodes a frozen answer once, too.
 * Why: docs/decisions/112, and 227 for forgetting only the pages a write changed.
 */
export class PageMemo<Page extends object, Scope = never> {
  private readonly pages = new Map<string, Page>();
  // What each page covers, for `forget`; a page without one is forgotten by every write.
  private readonly scopes = new Map<string, Scope>();

  // Cursors make every later page a query of its own: the bound keeps those from piling up.
  constructor(private readonly maxPages = 256) {}

  /** The page for `key`, made by `make` the first time since a write changed it; `scope` says what it covers. */
  get(key: string, make: () => Page, scope?: (page: Page) => Scope): Page {
    const known = this.pages.get(key);
    if (known) return known;
    const page = deepFreeze(make());
    if (this.pages.size >= this.maxPages) this.clear();
    this.pages.set(key, page);
    if (scope) this.scopes.set(key, scope(page));
    return page;
  }

  /** After a write: no page made before it is handed out again. */
  clear(): void {
    this.pages.clear();
    this.scopes.clear();
  }

  /** After a write: the pages it `changed` (and every page without a scope) are made again when next asked. */
  forget(changed: (scope: Scope) => boolean): void {
    for (const key of this.pages.keys()) {
      const scope = this.scopes.get(key);
      if (scope === undefined || changed(scope)) {
        this.pages.delete(key);
        this.scopes.delete(key);
      }
    }
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
