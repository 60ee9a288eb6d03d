import { describe, expect, it } from "vitest";
import { IdSpaceExhaustedError } from "@/lib/errors/store-errors";
import { UnwritableRecordError } from "./line-codec";
import { encodeOrderLine } from "@/lib/orders/file-order-record";
import { encodeCategoryLine } from "@/lib/categories/file-category-line";
import { encodePetLine } from "@/lib/pets/file-pet-record";
import { partStates, planBatch, type Outcome } from "@/tests/support/store/plan-batch";
import type { WriteOp } from "@/lib/composition/file-pet-store";

/** Issue 20, finding 1: no id past 2^53−1 is handed out, and no record the reader would refuse is written. */

const MAX = Number.MAX_SAFE_INTEGER;
const NOW = "2026-11-26T06:00:00.000Z";

const memory = partStates;
const errorOf = (outcome: Outcome | undefined) => (outcome && "error" in outcome ? outcome.error : undefined);

describe("planBatch ids", () => {
  it("refuses a pet whose id would pass 2^53−1 and writes no line for it", () => {
    const ids = { nextPetId: MAX, nextOrderId: 1, nextEventSequence: 1, nextApplicationId: 1 };
    const ops: WriteOp[] = [
      { kind: "pet", pet: { name: "Last", categoryId: 1 } },
      { kind: "pet", pet: { name: "Overflow", categoryId: 1 } },
    ];
    const batch = planBatch(ops, memory(), ids, NOW);
    expect(batch.outcomes[0]).toEqual({ value: { id: MAX, name: "Last", categoryId: 1, status: "available" } });
    expect(errorOf(batch.outcomes[1])).toBeInstanceOf(IdSpaceExhaustedError);
    // The pet's line, its first stay's (docs/decisions/254), and their events' lines.
    expect(batch.lines).toHaveLength(4);
    expect(ids.nextPetId).toBe(MAX + 1);
    expect(ids.nextEventSequence).toBe(3);
  });

  it("refuses an order whose id would pass 2^53−1", () => {
    const state = memory();
    state.index.add({ id: 1, name: "Rex", categoryId: 1, status: "available" });
    const batch = planBatch(
      [{ kind: "place", order: { petId: 1, adopter: "Ada" } }],
      state,
      { nextPetId: 2, nextOrderId: MAX + 1, nextEventSequence: 1, nextApplicationId: 1 },
      NOW,
    );
    expect(errorOf(batch.outcomes[0])).toBeInstanceOf(IdSpaceExhaustedError);
    expect(batch.lines).toEqual([]);
    batch.apply();
    expect(state.index.get(1)?.status).toBe("available");
  });

  it("refuses the next category after 2^53−1, in memory and within one batch", () => {
    const state = memory();
    const ops: WriteOp[] = [
      { kind: "category", category: { name: "Max", id: MAX } },
      { kind: "category", category: { name: "Overflow" } },
      { kind: "category", category: { name: "Seven", id: 7 } },
    ];
    const batch = planBatch(
      ops,
      state,
      { nextPetId: 1, nextOrderId: 1, nextEventSequence: 1, nextApplicationId: 1 },
      NOW,
    );
    expect(batch.outcomes[0]).toEqual({ value: { id: MAX, name: "Max" } });
    expect(errorOf(batch.outcomes[1])).toBeInstanceOf(IdSpaceExhaustedError);
    expect(batch.outcomes[2]).toEqual({ value: { id: 7, name: "Seven" } });
    batch.apply();
    expect(state.categories.highestId).toBe(MAX);
    const next = planBatch(
      [{ kind: "category", category: { name: "Again" } }],
      state,
      { nextPetId: 1, nextOrderId: 1, nextEventSequence: 1, nextApplicationId: 1 },
      NOW,
    );
    expect(errorOf(next.outcomes[0])).toBeInstanceOf(IdSpaceExhaustedError);
    expect(next.lines).toEqual([]);
  });

  it("tracks the next category id without spreading every id into one call (300,000 categories)", () => {
    const state = memory();
    for (let id = 1; id <= 300_000; id++) state.categories.put({ id, name: "C" });
    const batch = planBatch(
      [{ kind: "category", category: { name: "Next" } }],
      state,
      { nextPetId: 1, nextOrderId: 1, nextEventSequence: 1, nextApplicationId: 1 },
      NOW,
    );
    expect(batch.outcomes[0]).toEqual({ value: { id: 300_001, name: "Next" } });
  });
});

describe("encoding refuses what the reader would refuse", () => {
  it.each([
    ["pet", () => encodePetLine({ id: MAX + 1, name: "Rex", categoryId: 1, status: "available" })],
    ["pet name", () => encodePetLine({ id: 1, name: "", categoryId: 1, status: "available" })],
    ["category", () => encodeCategoryLine({ id: MAX + 1, name: "Overflow" })],
    [
      "order",
      () => encodeOrderLine({ id: MAX + 1, petId: 1, adopter: "Ada", status: "placed", placedAt: NOW, updatedAt: NOW }),
    ],
  ])("%s", (_kind, encode) => {
    expect(encode).toThrow(UnwritableRecordError);
  });

  it("names no value in the refusal", () => {
    expect(() => encodeCategoryLine({ id: MAX + 1, name: "Secret name" })).toThrow(/^(?!.*Secret).*\(id\)$/);
  });
});
