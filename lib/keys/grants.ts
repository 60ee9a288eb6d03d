/**
 * Scopes that include a narrower one: `orders:write` has always placed orders, so a key that
 * holds it keeps doing so now that placing has a scope of its own (for volunteers who may
 * place but not approve: docs/decisions/185).
 */
const INCLUDED: Readonly<Record<string, readonly string[] | undefined>> = { "orders:write": ["orders:place"] };

/**
 * True when `held` lets its holder do what `needed` guards. Apart from ./scopes.ts (which
 * re-exports it) so that the browser's console checks scopes without loading the registry of
 * every declared resource that the scopes are read from.
 */
export function grants<Scope extends string>(held: readonly Scope[], needed: Scope): boolean {
  return held.includes(needed) || held.some((scope) => INCLUDED[scope]?.includes(needed));
}
