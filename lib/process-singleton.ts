/**
 * One value per process, however many copies of the calling module exist. Next bundles
 * start-up code and each route separately, so a module-level variable can be instantiated
 * once per bundle (two stores writing one directory, a key file read twice); the value
 * lives on globalThis under a `Symbol.for` key instead (docs/decisions/005).
 *
 * `create` runs on first use. If the promise it returns rejects, the slot is emptied, so
 * a later call tries again once the cause is fixed.
 */
export function processSingleton<T>(name: string): {
  get(create: () => Promise<T>): Promise<T>;
  peek(): Promise<T> | undefined;
  /** The value once created, without a promise to wait for: the request path's fast way in. */
  settled(): T | undefined;
  clear(): void;
} {
  const key = Symbol.for(`petstore.${name}`);
  const settledKey = Symbol.for(`petstore.${name}.settled`);
  const slots = globalThis as unknown as Record<symbol, Promise<T> | undefined>;
  const values = globalThis as unknown as Record<symbol, { value: T } | undefined>;
  return {
    get(create) {
      const existing = slots[key];
      if (existing) return existing;
      const created = create().then(
        (value) => {
          if (slots[key] === created) values[settledKey] = { value };
          return value;
        },
        (error: unknown) => {
          if (slots[key] === created) delete slots[key];
          throw error;
        },
      );
      slots[key] = created;
      return created;
    },
    peek: () => slots[key],
    settled: () => values[settledKey]?.value,
    clear: () => {
      delete slots[key];
      delete values[settledKey];
    },
  };
}
