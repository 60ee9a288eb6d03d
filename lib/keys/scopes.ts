import * as z from "zod";
import { scopesWith } from "@/lib/resources/registries";

/**
 * The scopes no declaration holds yet (docs/decisions/282, 315), each with the line the
 * OpenAPI document says of it: the event feed's, the webhooks' and the keys', and the orders'
 * `orders:place`, which the orders' declaration would move ahead of the webhooks' scopes. A
 * declared resource brings its own; the registry merges this list in place among theirs.
 */
export const OLDER_SCOPES = {
  "events:read": "read the event feed (each event type also needs its resource's read scope)",
  "webhooks:read": "list webhook endpoints and their deliveries",
  "webhooks:write": "register, change and delete webhook endpoints, rotate their secrets, redeliver",
  "orders:place": "place orders (included in orders:write)",
  "keys:read": "list issued API keys (never their secrets)",
  "keys:write": "issue and revoke API keys",
} as const;

/** What each scope lets a key do, as the OpenAPI document lists them. */
export const SCOPE_DESCRIPTIONS = scopesWith(OLDER_SCOPES);
type ScopeName = keyof typeof SCOPE_DESCRIPTIONS & string;

/** What a key may do. Each /v1 operation declares the one scope it needs (lib/api/operation.ts). */
export const SCOPES = Object.keys(SCOPE_DESCRIPTIONS) as [ScopeName, ...ScopeName[]];

export const Scope = z.enum(SCOPES);
export type Scope = z.infer<typeof Scope>;

export { grants } from "./grants";

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
