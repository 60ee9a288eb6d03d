import * as z from "zod";

/** What a key may do. Each /v1 route declares the one scope it needs (lib/api/api-route.ts). */
export const SCOPES = [
  "pets:read",
  "pets:write",
  "orders:read",
  "orders:write",
  "categories:write",
  "webhooks:read",
  "webhooks:write",
  "events:read",
] as const;

export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

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
