import * as z from "zod";

/** What a key may do. Each /v1 route declares the one scope it needs (lib/api/api-route.ts). */
export const SCOPES = [
  "pets:read",
  "pets:write",
  "orders:read",
  "orders:write",
  "categories:write",
  "events:read",
  "webhooks:read",
  "webhooks:write",
  "orders:place",
  "keys:read",
  "keys:write",
  "people:read",
  "people:write",
  "audit:read",
  "applications:read",
  "applications:write",
  "applications:erase",
  "medical:read",
  "medical:write",
] as const;

export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

/**
 * Scopes that include a narrower one: `orders:write` has always placed orders, so a key that
 * holds it keeps doing so now that placing has a scope of its own (for volunteers who may
 * place but not approve: docs/decisions/185).
 */
const INCLUDED: Partial<Record<Scope, readonly Scope[]>> = { "orders:write": ["orders:place"] };

/** True when `held` lets its holder do what `needed` guards. */
export function grants(held: readonly Scope[], needed: Scope): boolean {
  return held.includes(needed) || held.some((scope) => INCLUDED[scope]?.includes(needed));
}

/** Parses a comma-separated scope list; unknown names are reported, never silently dropped. */
export function parseScopes(text: string): { scopes: Scope[] } | { unknown: string[] } {
  const names = [
    ...new Set(
      text
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  ];
  const unknown = names.filter((name) => !Scope.safeParse(name).success);
  if (unknown.length > 0 || names.length === 0) return { unknown };
  return { scopes: names as Scope[] };
}
