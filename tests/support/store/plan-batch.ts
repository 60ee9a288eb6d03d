import { Batch, type Outcome } from "@/lib/store/file/engine/batch";
import { PartStates, PartTable } from "@/lib/store/file/engine/part-states";
import type { WriteOp } from "@/lib/composition/file-pet-store";
import { FILE_PARTS } from "@/lib/composition/file-parts";
import { applicationsPart } from "@/lib/applications/file-application-part";
import { categoriesPart } from "@/lib/categories/file-category-part";
import { eventsPart } from "@/lib/events/file-event-part";
import { idempotencyPart } from "@/lib/idempotency/file-idempotency-part";
import { ordersPart } from "@/lib/orders/file-order-part";
import { petsPart } from "@/lib/pets/file-pet-part";

export type { Outcome };

/** The file engine's parts' states, named as the unit tests read them. */
export function partStates() {
  const states = new PartStates(FILE_PARTS, {});
  return {
    states,
    index: states.of(petsPart).index,
    book: states.of(ordersPart).book,
    categories: states.of(categoriesPart),
    idempotency: states.of(idempotencyPart),
    events: states.of(eventsPart).book,
    applications: states.of(applicationsPart).book,
  };
}

export interface BatchIds {
  nextPetId: number;
  nextOrderId: number;
  nextEventSequence: number;
  nextApplicationId: number;
}

const table = new PartTable(FILE_PARTS);

/**
 * Decides `ops` as one unit of work of the file engine, from the id counters `ids` (which it
 * moves on as the parts take ids); apply() runs the batch's effects as a durable batch would.
 */
export function planBatch(
  ops: readonly WriteOp[],
  { states }: ReturnType<typeof partStates>,
  ids: BatchIds,
  now: string,
) {
  states.of(petsPart).nextId = ids.nextPetId;
  states.of(ordersPart).nextId = ids.nextOrderId;
  states.of(eventsPart).nextSequence = ids.nextEventSequence;
  states.of(applicationsPart).nextId = ids.nextApplicationId;
  const batch = new Batch(states, now);
  const outcomes = batch.decide(ops, table.partOf);
  ids.nextPetId = states.of(petsPart).nextId;
  ids.nextOrderId = states.of(ordersPart).nextId;
  ids.nextEventSequence = states.of(eventsPart).nextSequence;
  ids.nextApplicationId = states.of(applicationsPart).nextId;
  return { lines: batch.lines, outcomes, apply: () => batch.apply(async () => undefined) };
}
