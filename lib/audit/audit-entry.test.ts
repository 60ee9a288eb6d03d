import { describe, expect, it } from "vitest";
import { auditEntryOf } from "./audit-entry";

const pet = { id: 42, name: "Rex", status: "available", photoUrls: [] };
const event = (type: string, data: unknown, actor = { type: "api_key", id: "k1" }) =>
  ({ id: `evt_${type}`, type, createdAt: "2030-01-01T00:00:00.000Z", actor, data }) as never;

describe("auditEntryOf", () => {
  it("names the actor, the resource from the type's prefix and the object's id, and the change from the state before", () => {
    const created = event("pet.created", { object: pet });
    const renamed = event("pet.updated", { object: { ...pet, name: "Max" } });
    expect(auditEntryOf(renamed, created)).toEqual({
      id: "evt_pet.updated",
      type: "pet.updated",
      time: "2030-01-01T00:00:00.000Z",
      actor: { type: "api_key", id: "k1" },
      resource: { type: "pet", id: "42", name: "Max" },
      changes: [{ field: "name", from: "Rex", to: "Max" }],
    });
    expect(auditEntryOf(created).changes).toEqual([
      { field: "name", to: "Rex" },
      { field: "status", to: "available" },
      { field: "photoUrls", to: [] },
    ]);
  });

  it("takes a status change's from and to from the event, with or without an earlier state", () => {
    const moved = event("pet.status_changed", {
      object: { ...pet, status: "pending" },
      from: "available",
      to: "pending",
    });
    expect(auditEntryOf(moved).changes).toEqual([{ field: "status", from: "available", to: "pending" }]);
    const after = { ...pet, name: "Max", status: "pending" };
    const sameWrite = event("pet.updated", { object: after });
    const movedToo = event("pet.status_changed", { object: after, from: "available", to: "pending" });
    expect(auditEntryOf(movedToo, sameWrite).changes).toEqual([{ field: "status", from: "available", to: "pending" }]);
  });

  it("reads types it has never heard of the same way: a person's sign-in is in that person's history", () => {
    const person = { id: "p_1", role: "staff", active: true };
    const signedIn = event("session.signed_in", { object: person }, { type: "person", id: "p_1" });
    const demoted = event("person.role_changed", { object: { ...person, role: "volunteer" } });
    expect(auditEntryOf(signedIn).resource).toEqual({ type: "person", id: "p_1" });
    expect(auditEntryOf(demoted, signedIn).changes).toEqual([{ field: "role", from: "staff", to: "volunteer" }]);
  });
});
