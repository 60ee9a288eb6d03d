import type { Scope } from "@/lib/keys/scopes";
import type { Role } from "@/lib/people/roles";

/** What each scope lets a person do, in the console's words rather than the API's names. */
const WORDS: Record<Scope, string> = {
  "pets:read": "see pets",
  "pets:write": "add pets",
  "orders:read": "see orders",
  "orders:write": "manage adoptions",
  "categories:write": "manage categories",
  "events:read": "follow the event feed",
  "webhooks:read": "see webhooks",
  "webhooks:write": "manage webhooks",
  "orders:place": "place adoptions",
  "keys:read": "see API keys",
  "keys:write": "manage API keys",
  "people:read": "see staff accounts",
  "people:write": "manage staff accounts",
  "audit:read": "read the activity record",
  "applications:read": "see adoption applications",
  "applications:write": "decide adoption applications",
  "applications:erase": "export or erase an applicant's data",
  "medical:read": "see animals' medical records",
  "medical:write": "record treatments and health facts",
};

/**
 * Why a view is closed to a person signed in with their account: their role, which an admin
 * may change, not the scope a key would need (issue 40, item 11; docs/decisions/185).
 */
export function roleRefusal(needs: Scope, role: Role): string {
  return `Your role (${role}) doesn't let you ${WORDS[needs]}; an admin can change that.`;
}

/** "see pets, add pets and see orders"; an unknown name is shown as it is. */
export function describeScopes(scopes: readonly string[]): string {
  const words = scopes.map((scope) => WORDS[scope as Scope] ?? scope);
  if (words.length <= 1) return words[0] ?? "nothing";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}
