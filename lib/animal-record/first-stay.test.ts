import { describe, expect, it } from "vitest";
import { firstStay } from "./first-stay";
import { intakeNotRecorded } from "./stay-rules";

const UTC = "UTC";

describe("a pet's first stay (decisions 254, 255)", () => {
  it("opens other, not recorded, when the pet began, for a pet in care", () => {
    for (const status of ["available", "pending"] as const) {
      expect(firstStay({ petId: 7, status, at: "2026-11-02T10:00:00.000Z" }, 3, UTC)).toEqual({
        id: 3,
        petId: 7,
        intake: intakeNotRecorded("2026-11-02T10:00:00.000Z"),
        placements: [],
      });
    }
  });

  it("closes a sold pet's stay by its adoption: the order's when known, else at once", () => {
    const adopted = { petId: 7, status: "sold" as const, at: "2026-11-02T10:00:00.000Z" };
    const withOrder = firstStay({ ...adopted, adoption: { at: "2026-11-20T09:00:00.000Z", orderId: 4 } }, 3, UTC);
    expect(withOrder.outcome).toEqual({ at: "2026-11-20T09:00:00.000Z", type: "adoption", orderId: 4 });
    expect(firstStay(adopted, 3, UTC).outcome).toEqual({ at: adopted.at, type: "adoption" });
  });

  it("never opens after the adoption it ends (the pet's older events pruned)", () => {
    const stay = firstStay(
      { petId: 7, status: "sold", at: "2026-11-28T12:00:00.000Z", adoption: { at: "2026-10-01T09:00:00.000Z" } },
      3,
      UTC,
    );
    expect(stay.intake.at).toBe("2026-10-01T09:00:00.000Z");
    expect(stay.outcome?.at).toBe("2026-10-01T09:00:00.000Z");
  });
});
