import { describe, expect, it } from "vitest";
import { moveTo } from "@/lib/applications/changes";
import type { ApplicationRecord } from "@/lib/applications/schemas";
import { newApplication } from "@/lib/applications/application-store.contract";
import { PetNotAvailableError } from "@/lib/pets/pet-errors";
import { UnwritableRecordError } from "@/lib/store/file/line-codec";
import { partStates, planBatch, type Outcome } from "@/tests/support/store/plan-batch";
import type { WriteOp } from "@/lib/composition/file-pet-store";

/** Application ops decided within one batch, against the ops before them (./file-application-part.ts). */

const NOW = "2026-11-26T06:00:00.000Z";

function memoryWithPet() {
  const memory = partStates();
  memory.index.add({ id: 1, name: "Rex", categoryId: 1, status: "available" });
  return memory;
}
const ids = () => ({ nextPetId: 2, nextOrderId: 1, nextEventSequence: 1, nextApplicationId: 1 });
const valueOf = (outcome: Outcome | undefined) => (outcome && "value" in outcome ? outcome.value : undefined);
const errorOf = (outcome: Outcome | undefined) => (outcome && "error" in outcome ? outcome.error : undefined);
const kinds = (lines: string[]) => lines.map((line) => /^\{"(\w+)"/.exec(line)?.[1] ?? "pet");

/** Two submitted applications for pet 1, as an earlier batch left them. */
function withTwoApplications() {
  const memory = memoryWithPet();
  const counters = ids();
  const submits: WriteOp[] = ["ada", "bob"].map((who) => ({
    kind: "submit-application",
    application: newApplication(1, who),
  }));
  planBatch(submits, memory, counters, NOW).apply();
  return { memory, counters };
}

describe("application ops in one batch", () => {
  it("answers a second submission by the same person in the same batch with the first", () => {
    const memory = memoryWithPet();
    const batch = planBatch(
      [
        { kind: "submit-application", application: newApplication(1, "ada") },
        { kind: "submit-application", application: newApplication(1, "ada") },
      ],
      memory,
      ids(),
      NOW,
    );
    const [first, second] = batch.outcomes.map(valueOf) as { application: ApplicationRecord; duplicate: boolean }[];
    expect(first?.duplicate).toBe(false);
    expect(second).toEqual({ application: first?.application, duplicate: true });
    expect(kinds(batch.lines)).toEqual(["application", "event"]);
  });

  it("of two approvals for one pet, places the first's order and refuses the second, writing nothing of it", () => {
    const { memory, counters } = withTwoApplications();
    const batch = planBatch(
      [
        { kind: "change-application", id: 1, decide: moveTo("approved", NOW) },
        { kind: "change-application", id: 2, decide: moveTo("approved", NOW) },
      ],
      memory,
      counters,
      NOW,
    );
    expect(valueOf(batch.outcomes[0])).toMatchObject({ id: 1, state: "approved", orderId: 1 });
    expect(errorOf(batch.outcomes[1])).toBeInstanceOf(PetNotAvailableError);
    // The order, then the application's line; its event first, then the order's and the pet's.
    expect(kinds(batch.lines)).toEqual(["order", "application", "event", "event", "event"]);
    expect(batch.lines.slice(2).map((line) => (JSON.parse(line) as { type: string }).type)).toEqual([
      "application.approved",
      "order.placed",
      "pet.status_changed",
    ]);
    batch.apply();
    expect(memory.index.get(1)?.status).toBe("pending");
    expect(memory.applications.get(2)?.state).toBe("submitted");
  });

  it("refuses an approval whose record could not be read back before placing its order", () => {
    const { memory, counters } = withTwoApplications();
    const unwritable = (current: ApplicationRecord) => ({
      record: { ...current, state: "approved" as const, decidedAt: "not a time" },
      order: "place" as const,
      event: { type: "application.state_changed" as const, from: current.state, to: "approved" as const },
    });
    const batch = planBatch(
      [
        { kind: "change-application", id: 1, decide: unwritable },
        { kind: "change-application", id: 2, decide: moveTo("approved", NOW) },
      ],
      memory,
      counters,
      NOW,
    );
    expect(errorOf(batch.outcomes[0])).toBeInstanceOf(UnwritableRecordError);
    expect(valueOf(batch.outcomes[1])).toMatchObject({ id: 2, state: "approved" });
    expect(kinds(batch.lines).filter((kind) => kind === "order")).toHaveLength(1);
  });

  it("undoes a refused op's order, so the next op in the batch finds the pet available", () => {
    const memory = memoryWithPet();
    const unwritableAnswer = {
      key: "k1:x",
      fingerprint: "f",
      claimedAt: 0,
      expiresAt: Date.parse(NOW) + 1000,
      answer: () => ({ status: 999, body: "" }),
    };
    const batch = planBatch(
      [
        { kind: "place", order: { petId: 1, adopter: "Ada" }, record: unwritableAnswer },
        { kind: "place", order: { petId: 1, adopter: "Bob" } },
      ],
      memory,
      ids(),
      NOW,
    );
    expect(errorOf(batch.outcomes[0])).toBeInstanceOf(UnwritableRecordError);
    expect(valueOf(batch.outcomes[1])).toMatchObject({ adopter: "Bob", status: "placed" });
  });

  it("erases in the batch: the record loses its personal part, a second erasure of it finds nothing", () => {
    const { memory, counters } = withTwoApplications();
    const batch = planBatch(
      [
        { kind: "erase-applications", ids: [1, 1, 99], at: NOW },
        { kind: "erase-applications", ids: [1], at: NOW },
      ],
      memory,
      counters,
      NOW,
    );
    // Each erasure's answer waits for the fold its batch asks for once durable.
    expect(batch.outcomes.map(valueOf)).toEqual([
      { erased: [1], folded: undefined },
      { erased: [], folded: undefined },
    ]);
    expect(batch.lines.join("")).not.toContain("personal");
    batch.apply();
    expect(batch.outcomes.map((outcome) => (valueOf(outcome) as { folded?: unknown }).folded)).toEqual([
      expect.any(Promise),
      undefined, // nothing erased, nothing owed: no fold
    ]);
    expect(memory.applications.get(1)).toMatchObject({ erasedAt: NOW });
    expect(memory.applications.get(1)?.personal).toBeUndefined();
    expect(memory.applications.get(2)?.personal).toBeDefined();
  });
});
