import { describe, expect, it } from "vitest";
import type { Stay } from "@/lib/animal-record/stay-schemas";
import {
  lastEndedInAdoption,
  newestFirst,
  openPlacementOf,
  outcomeChoices,
  outcomePatch,
  whereNow,
} from "./record-view";

const intake = {
  at: "2026-11-01T10:00:00Z",
  type: "stray" as const,
  condition: "healthy" as const,
  sourceKind: "unknown" as const,
};
const stay = (id: number, over: Partial<Stay> = {}): Stay => ({ id, petId: 4, intake, placements: [], ...over });
const closed = (id: number, at: string): Stay =>
  stay(id, { intake: { ...intake, at }, outcome: { at: "2026-11-10T10:00:00Z", type: "returned_to_owner" } });

describe("whereNow", () => {
  it("is not in care without an open stay", () => {
    expect(whereNow([], "2026-11-28")).toEqual({ where: "not_in_care" });
    expect(whereNow([closed(1, "2026-11-01T10:00:00Z")], "2026-11-28")).toEqual({ where: "not_in_care" });
  });

  it("is in the shelter when no placement covers the day", () => {
    const ended = stay(2, { placements: [{ id: 7, from: "2026-11-02", until: "2026-11-05" }] });
    expect(whereNow([ended], "2026-11-28")).toEqual({ where: "shelter", stay: ended });
  });

  it("is in foster while a placement covers the day, until its `until` (half-open)", () => {
    const placement = { id: 8, from: "2026-11-20", until: "2026-11-28" };
    const fostered = stay(3, { placements: [placement] });
    expect(whereNow([fostered], "2026-11-27")).toEqual({ where: "foster", stay: fostered, placement });
    expect(whereNow([fostered], "2026-11-28").where).toBe("shelter");
  });

  it("is not yet in foster before a placement's first day", () => {
    const later = stay(3, { placements: [{ id: 9, from: "2026-12-01" }] });
    expect(whereNow([later], "2026-11-28").where).toBe("shelter");
    expect(openPlacementOf(later)?.id).toBe(9);
  });
});

describe("outcomeChoices", () => {
  it("never offers an adoption: its order records it", () => {
    expect(outcomeChoices("stray")).not.toContain("adoption");
  });

  it("offers returned to field only after a stray intake", () => {
    expect(outcomeChoices("stray")).toContain("returned_to_field");
    expect(outcomeChoices("relinquished_by_owner")).not.toContain("returned_to_field");
  });

  it("offers owner-intended euthanasia only after an owner-intended euthanasia intake", () => {
    expect(outcomeChoices("owner_intended_euthanasia")).toContain("owner_intended_euthanasia");
    expect(outcomeChoices("stray")).not.toContain("owner_intended_euthanasia");
    expect(outcomeChoices("stray")).toContain("shelter_euthanasia");
  });
});

describe("outcomePatch", () => {
  const current = { at: "2026-11-10T10:00:30Z", type: "transferred_out" as const, subtype: "in_state" };

  it("is empty when nothing changed, seconds the form cannot show included", () => {
    expect(outcomePatch(current, { ...current, at: "2026-11-10T10:00:00Z" })).toEqual({});
  });

  it("names only what changed, and removes a subtype no longer wanted with null", () => {
    expect(outcomePatch(current, { at: current.at, type: "returned_to_owner" })).toEqual({
      type: "returned_to_owner",
      subtype: null,
    });
    expect(outcomePatch(current, { ...current, at: "2026-11-10T11:00:00Z" })).toEqual({ at: "2026-11-10T11:00:00Z" });
  });
});

describe("lastEndedInAdoption", () => {
  it("is true only when the latest stay ended in an adoption", () => {
    const adopted = stay(5, { outcome: { at: "2026-11-10T10:00:00Z", type: "adoption", orderId: 3 } });
    expect(lastEndedInAdoption([adopted])).toBe(true);
    expect(lastEndedInAdoption([adopted, stay(6, { intake: { ...intake, at: "2026-11-20T10:00:00Z" } })])).toBe(false);
    expect(lastEndedInAdoption([closed(1, "2026-11-01T10:00:00Z")])).toBe(false);
    expect(lastEndedInAdoption([])).toBe(false);
  });
});

describe("newestFirst", () => {
  it("puts the latest intake on top", () => {
    const stays = [closed(1, "2026-10-01T10:00:00Z"), stay(2, { intake: { ...intake, at: "2026-11-20T10:00:00Z" } })];
    expect(newestFirst(stays).map((each) => each.id)).toEqual([2, 1]);
  });
});
