import { SCOPES, type Scope } from "@/lib/keys/scopes";
import { ROLES, Role } from "./role";

/*
 * A person's role (./role.ts), and what it lets them do: one set of scopes, so a person's
 * request is checked by the same rule as a key's (lib/api/authenticate.ts; docs/decisions/185).
 */
export { ROLES, Role };

const STAFF: readonly Scope[] = [
  "pets:read",
  "pets:write",
  "orders:read",
  "orders:write",
  "categories:write",
  "events:read",
  "webhooks:read",
  "applications:read",
  "applications:write",
  "medical:read",
  "medical:write",
];

/**
 * Volunteers read applications (home visits, meet-and-greets) but do not decide them
 * (docs/decisions/191); they read the medical record (fosters give the pills) but staff
 * record it, so the evidence of care has one kind of author (docs/decisions/249).
 */
const VOLUNTEER: readonly Scope[] = ["pets:read", "orders:read", "applications:read", "medical:read"];

/**
 * Admins hold every scope (people, keys, webhooks, the activity record, erasing an applicant's
 * data); staff run the animals, adoptions, applications and categories and may see webhooks; volunteers read, and place orders
 * only where the shelter turns that on (PETSTORE_VOLUNTEERS_PLACE_ORDERS).
 */
export function scopesOf(role: Role, options: { volunteersPlaceOrders: boolean }): readonly Scope[] {
  switch (role) {
    case "admin":
      return SCOPES;
    case "staff":
      return STAFF;
    case "volunteer":
      return options.volunteersPlaceOrders ? [...VOLUNTEER, "orders:place"] : VOLUNTEER;
  }
}
