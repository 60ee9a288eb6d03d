import { describe, expect, it } from "vitest";
import type { AuditEntry } from "@/lib/audit/schemas";
import { formatTime } from "@/lib/dates/format-time";
import { actorLabel, changeWords, entryHeadline, fieldWords, valueWords } from "./activity-words";

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: "evt_1",
  type: "pet.status_changed",
  time: "2030-01-01T00:00:00.000Z",
  actor: { type: "api_key", id: "a1b2c3d4e5f6" },
  resource: { type: "pet", id: "42", name: "Rex" },
  changes: [{ field: "status", from: "available", to: "pending" }],
  ...over,
});

describe("the Activity view's words", () => {
  it("says what changed from what to what, on the resource's name or its kind and id", () => {
    expect(entryHeadline(entry({}))).toBe("Rex: status available → pending");
    const order = entry({
      type: "order.approved",
      resource: { type: "order", id: "7" },
      changes: [
        { field: "status", from: "placed", to: "approved" },
        { field: "note", from: "Calls back" },
      ],
    });
    expect(entryHeadline(order)).toBe("Order 7: status reserved → ready to go home; note removed (was Calls back)");
  });

  it("says what a creation did rather than listing every field, and reads types it does not know", () => {
    const created = entry({ type: "pet.created", changes: [{ field: "name", to: "Rex" }] });
    expect(entryHeadline(created)).toBe("Rex: A pet was added");
    const person = entry({ type: "person.created", resource: { type: "person", id: "p_1" }, changes: [] });
    expect(entryHeadline(person)).toBe("Person p_1: A staff account was added");
    const renamed = entry({
      type: "person.updated",
      resource: { type: "person", id: "p_1", name: "Ada" },
      changes: [{ field: "email" }, { field: "name" }],
    });
    expect(entryHeadline(renamed)).toBe("Ada: email, name changed");
    const unknown = entry({
      type: "volunteer_shift.created",
      resource: { type: "volunteer_shift", id: "9" },
      changes: [],
    });
    expect(entryHeadline(unknown)).toBe("volunteer_shift 9: volunteer_shift.created");
  });

  it("says what happened to an adoption application, which has no name to show", () => {
    const approved = entry({
      type: "application.approved",
      resource: { type: "application", id: "12" },
      changes: [
        { field: "state", from: "in_review", to: "approved" },
        { field: "orderId", to: 7 },
      ],
    });
    expect(entryHeadline(approved)).toBe("Application 12: approved; its order holds the animal");
    const erased = entry({ type: "application.erased", resource: { type: "application", id: "12" }, changes: [] });
    expect(entryHeadline(erased)).toBe("Application 12: its personal data was erased");
  });

  it("names every kind of actor, and writes values as people read them", () => {
    expect(actorLabel({ type: "api_key", id: "a1b2" })).toBe("API key a1b2");
    expect(actorLabel({ type: "person", id: "p_1" })).toBe("person p_1");
    expect(actorLabel({ type: "person", id: "p_1" }, "Ada Lovelace")).toBe("Ada Lovelace");
    expect(actorLabel({ type: "operator" })).toBe("the keys command on the server");
    expect(actorLabel({ type: "system" })).toBe("the server itself");
    expect([valueWords([]), valueWords(["a", "b"]), valueWords(true), valueWords("x".repeat(100)).length]).toEqual([
      "none",
      "a, b",
      "yes",
      80,
    ]);
  });

  it("reads fields as words and times as dates", () => {
    expect([fieldWords("secretRotatedAt"), fieldWords("categoryId"), fieldWords("status")]).toEqual([
      "secret rotated",
      "category id",
      "status",
    ]);
    const rotated = changeWords({ field: "secretRotatedAt", to: "2026-11-28T14:05:00.000Z" });
    expect(rotated).toBe(`secret rotated ${formatTime("2026-11-28T14:05:00.000Z")}`);
    expect(rotated).not.toContain("2026-11-28T");
  });
});
