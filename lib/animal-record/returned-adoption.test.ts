import { describe, expect, it } from "vitest";
import { returnFromAdoption } from "./returned-adoption";
import { NotAdoptedError, SecondOpenStayError, StaysOverlapError } from "./record-errors";
import { sacIntakeRow } from "./sac-mapping";
import type { Stay } from "./stay-schemas";

const adopted: Stay = {
  id: 1,
  petId: 42,
  intake: { at: "2026-10-01T10:00:00Z", type: "stray", condition: "healthy", sourceKind: "unknown" },
  outcome: { at: "2026-10-20T10:00:00Z", type: "adoption", orderId: 7 },
  placements: [],
};
const back = { at: "2026-11-02T09:00:00Z", condition: "healthy" as const };

describe("returnFromAdoption", () => {
  it("opens a stay of type returned_adoption, brought by a person, which SAC counts as relinquished by owner", () => {
    const stay = returnFromAdoption(
      [adopted],
      { ...back, personal: { notes: "Allergies at home" } },
      { id: 2, petId: 42 },
    );
    expect(stay).toEqual({
      id: 2,
      petId: 42,
      intake: {
        at: back.at,
        type: "returned_adoption",
        condition: "healthy",
        sourceKind: "person",
        personal: { notes: "Allergies at home" },
      },
      placements: [],
    });
    expect(sacIntakeRow(stay.intake.type)).toBe("relinquished_by_owner");
  });

  it("leaves the adoption as it was: the earlier stay keeps its outcome", () => {
    const stays = [adopted];
    returnFromAdoption(stays, back, { id: 2, petId: 42 });
    expect(stays[0]?.outcome?.type).toBe("adoption");
  });

  it("refuses an animal whose last stay did not end in an adoption", () => {
    const transferred = {
      ...adopted,
      outcome: { at: "2026-10-20T10:00:00Z", type: "transferred_out" as const, subtype: "in_state" },
    };
    expect(() => returnFromAdoption([transferred], back, { id: 2, petId: 42 })).toThrow(NotAdoptedError);
    expect(() => returnFromAdoption([], back, { id: 2, petId: 42 })).toThrow(NotAdoptedError);
  });

  it("refuses while a stay is open, and a return dated before the adoption", () => {
    const open: Stay = { ...adopted };
    delete open.outcome;
    expect(() => returnFromAdoption([open], back, { id: 2, petId: 42 })).toThrow(SecondOpenStayError);
    expect(() => returnFromAdoption([adopted], { ...back, at: "2026-10-19T00:00:00Z" }, { id: 2, petId: 42 })).toThrow(
      StaysOverlapError,
    );
  });
});
