/**
 * A synchronous process-wide value (Symbol.for on globalThis), for the few things that
 * must be one per process across Next's bundles and the front server's bundle: the logger,
 * the readiness state, the metrics. The async counterpart is lib/process-singleton.ts.
 */
export function globalSlot<T>(name: string, create: () => T): T {
  let key = keys.get(name);
  if (key === undefined) keys.set(name, (key = Symbol.for(`petstore.${name}`)));
  const slots = globalThis as unknown as Record<symbol, T | undefined>;
  return (slots[key] ??= create());
}

// Several slots are read on every request; Symbol.for is a registry look-up each time.
const keys = new Map<string, symbol>();
