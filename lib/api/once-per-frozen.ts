/**
 * A value worked out once per frozen object and remembered beside it: a frozen answer (a
 * listing the file store remembers between writes, lib/store/file/page-memo.ts) cannot
 * have changed since, so its JSON text or its Link header is the same every time. Any other
 * object gets `make()` afresh.
 */
export function oncePerFrozen<T>(): (object: unknown, make: () => T) => T {
  const made = new WeakMap<object, T>();
  return (object, make) => {
    if (typeof object !== "object" || object === null || !Object.isFrozen(object)) return make();
    let value = made.get(object);
    if (value === undefined) made.set(object, (value = make()));
    return value;
  };
}
