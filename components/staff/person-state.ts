import type { Person } from "@/lib/people/person";
import type { Role } from "@/lib/people/roles";

export const ROLE_NAMES: Record<Role, string> = { admin: "Admin", staff: "Staff", volunteer: "Volunteer" };

/** What the people list says of an account: whether it can be used, and if not, why not. */
export function personState(person: Person, nowMs: number): string {
  if (!person.active) return "Deactivated";
  if (person.hasPassword) return "Active";
  if (!person.invitationExpiresAt || Date.parse(person.invitationExpiresAt) <= nowMs) {
    return "Invited · link expired";
  }
  return "Invited";
}
