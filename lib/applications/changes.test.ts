import { describe, expect, it } from "vitest";
import { addNote, moveTo } from "./changes";
import type { ApplicationRecord } from "./schemas";

const NOW = "2026-11-27T10:00:00.000Z";

function application(state: ApplicationRecord["state"], extra: Partial<ApplicationRecord> = {}): ApplicationRecord {
  return {
    id: 1,
    reference: "A-7K3P-9QX2",
    petId: 4,
    state,
    source: "form",
    suspect: [],
    submittedAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
    personal: {
      answers: {
        name: "Ada",
        email: "ada@example.org",
        adults: 1,
        childrenAges: [],
        otherAnimals: "",
        homeType: "flat",
        tenure: "own",
        garden: "none",
        hoursAlone: 3,
        experience: "",
        whyThisAnimal: "Calm",
        consentToContact: true,
      },
      notes: [],
      emailDigest: "a".repeat(64),
      statusTokenDigest: "b".repeat(64),
    },
    ...extra,
  };
}

describe("application changes", () => {
  it("approving places the order and marks the decision", () => {
    const change = moveTo("approved", NOW)(application("in_review"));
    expect(change?.order).toBe("place");
    expect(change?.record).toMatchObject({ state: "approved", decidedAt: NOW, updatedAt: NOW });
    expect(change?.event).toEqual({ type: "application.state_changed", from: "in_review", to: "approved" });
  });

  it("withdrawing or declining an approved application cancels its order", () => {
    expect(moveTo("withdrawn", NOW)(application("approved", { orderId: 3 }))?.order).toBe("cancel");
    expect(moveTo("declined", NOW, "moved abroad")(application("approved", { orderId: 3 }))?.order).toBe("cancel");
    expect(moveTo("withdrawn", NOW)(application("submitted"))?.order).toBeUndefined();
  });

  it("declining needs a reason, kept with the personal data only", () => {
    expect(() => moveTo("declined", NOW, "  ")(application("submitted"))).toThrow(/reason/);
    const change = moveTo("declined", NOW, " no garden ")(application("submitted"));
    expect(change?.record.personal?.declineReason).toBe("no garden");
  });

  it("refuses moves out of a final state and writes nothing for a repeat", () => {
    expect(() => moveTo("approved", NOW)(application("declined"))).toThrow(/declined; it cannot be approved/);
    expect(() => moveTo("in_review", NOW)(application("approved"))).toThrow(/cannot be in review/);
    expect(moveTo("approved", NOW)(application("approved"))).toBeUndefined();
  });

  it("a note is added with its author, and refused once the data is erased", () => {
    const change = addNote(" called back ", { type: "person", id: "per_1" }, NOW)(application("submitted"));
    expect(change?.record.personal?.notes).toEqual([
      { text: "called back", at: NOW, by: { type: "person", id: "per_1" } },
    ]);
    expect(() => addNote("x", { type: "system" }, NOW)(application("declined", { personal: undefined }))).toThrow(
      /erased/,
    );
  });
});
