import { describe, expect, it } from "vitest";
import type { Person } from "@/lib/people/person";
import { personState } from "./person-state";

const NOW = Date.parse("2026-11-26T12:00:00Z");
const person: Person = {
  id: "per_1",
  email: "sam@example.org",
  name: "Sam",
  role: "staff",
  active: true,
  hasPassword: true,
  createdAt: "2026-11-01T00:00:00Z",
  updatedAt: "2026-11-01T00:00:00Z",
};

describe("personState", () => {
  it("says whether the account can be used, and if not, why", () => {
    expect(personState(person, NOW)).toBe("Active");
    expect(personState({ ...person, active: false, deactivatedAt: "2026-11-02T00:00:00Z" }, NOW)).toBe("Deactivated");
    const invited = { ...person, hasPassword: false, invitationExpiresAt: "2026-11-27T00:00:00Z" };
    expect(personState(invited, NOW)).toBe("Invited");
    expect(personState({ ...invited, invitationExpiresAt: "2026-11-26T11:59:59Z" }, NOW)).toBe(
      "Invited · link expired",
    );
  });

  it("calls a person with a password active even while a reset link is pending", () => {
    expect(personState({ ...person, invitationExpiresAt: "2026-11-27T00:00:00Z" }, NOW)).toBe("Active");
  });
});
