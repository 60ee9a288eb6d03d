import type { AnyPart, Op } from "./engine/part";
import type { PartStates } from "./engine/part-states";
import { applicationsPart } from "./application-part";
import { categoriesPart } from "./category-part";
import { eventsPart } from "./event-part";
import { idempotencyPart } from "./idempotency-part";
import { ordersPart } from "./order-part";
import { petsPart } from "./pet-part";
import { staysPart } from "@/lib/animal-record/file-stay-part";
import { medicalPart } from "@/lib/animal-record/file-medical-part";
import { calendarTokensPart } from "@/lib/animal-record/file-calendar-token-part";
import { OPEN_MISSING_STAYS, staysMissing } from "@/lib/animal-record/file-stay-flows";

/**
 * The parts the file engine keeps (docs/decisions/245): a new resource adds its part here,
 * last, and nowhere else in the engine. The order is the snapshot's (each part's section after
 * those before it) and each op's: its answer (idempotency) is written before its events.
 */
export const FILE_PARTS: readonly AnyPart[] = [
  petsPart,
  ordersPart,
  categoriesPart,
  idempotencyPart,
  eventsPart,
  applicationsPart,
  staysPart,
  medicalPart,
  // The parts of issue 41 after the stays: the calendar feed's tokens (docs/decisions/258).
  calendarTokensPart,
];

/**
 * What the store writes once open, before it serves: a part's upgrade of what older data
 * lacks, written durably once. While `due`, its op is written again (docs/decisions/254:
 * pets from before the record get their first stay); an open with nothing due writes nothing.
 */
export const FILE_OPEN_STEPS: readonly { op: Op; due(states: PartStates): boolean }[] = [
  {
    op: OPEN_MISSING_STAYS,
    due: (states) => staysMissing(states.of(staysPart), states.of(petsPart).index.size),
  },
];
