import type { AnyPart } from "@/lib/store/file/engine/part";
import type { FileOpenStep } from "@/lib/resources/define-resource-storage";
import { RESOURCE_STORAGE } from "@/lib/resources/resource-storage";
import { applicationsPart } from "@/lib/applications/file-application-part";
import { categoriesPart } from "@/lib/categories/file-category-part";
import { eventsPart } from "@/lib/events/file-event-part";
import { idempotencyPart } from "@/lib/idempotency/file-idempotency-part";
import { ordersPart } from "@/lib/orders/file-order-part";
import { petsPart } from "@/lib/pets/file-pet-part";

/** The parts of the resources from before their storage was declared (docs/decisions/245). */
const OLDER_PARTS: readonly AnyPart[] = [
  petsPart,
  ordersPart,
  categoriesPart,
  idempotencyPart,
  eventsPart,
  applicationsPart,
];

/**
 * The parts the file engine keeps: the older ones, then each declared resource's
 * (lib/resources/resource-storage.ts, docs/decisions/305), so a new resource adds its part
 * in its own folder and nowhere in the engine. The order is the snapshot's (each part's
 * section after those before it) and each op's: its answer (idempotency) is written before
 * its events.
 */
export const FILE_PARTS: readonly AnyPart[] = [
  ...OLDER_PARTS,
  ...RESOURCE_STORAGE.flatMap((storage) => storage.fileParts),
];

/**
 * What the store writes once open, before it serves: each declared resource's upgrade of what
 * older data lacks (docs/decisions/254: pets from before the record get their first stay).
 */
export const FILE_OPEN_STEPS: readonly FileOpenStep[] = RESOURCE_STORAGE.flatMap((storage) => storage.fileOpenSteps);
