import type { Order } from "@/lib/orders/schemas";
import type { PetStatus } from "@/lib/pets/schemas";
import type { Op } from "@/lib/store/file/engine/part";
import type { EventsState } from "@/lib/store/file/event-part";
import type { OrdersState } from "@/lib/store/file/order-part";
import type { PetBeginning } from "./first-stay";

/*
 * What the file engine's stays part needs for the record's flows (docs/decisions/254): its
 * settings, and what a pet found without a stay at open is known by (its kept events, its
 * delivered order), to give it its first stay.
 */

export interface StayFlowSettings {
  /** Whether new pets, and pets found without a stay at open, get their first stay (./first-stay.ts). */
  firstStays: boolean;
  /** The shelter's zone (config.timeZone): an adoption ends an open foster placement on its day there. */
  timeZone: string;
}

/** The settings in the store's open options (lib/store/file/file-store.ts passes them). */
export function stayFlowSettings(options: Readonly<Record<string, unknown>>): StayFlowSettings {
  const { firstStays, timeZone } = options;
  return { firstStays: firstStays !== false, timeZone: typeof timeZone === "string" ? timeZone : "UTC" };
}

/**
 * Gives pets without a stay their first one, at most `limit` in one unit of work; answers
 * whether it gave any (the store writes it again while staysMissing). Written once: a pet
 * with a stay is never given another, so a restart finds nothing to do.
 */
export interface MissingStaysOp extends Op {
  kind: "open-missing-stays";
  limit: number;
}

export const OPEN_MISSING_STAYS: MissingStaysOp = { kind: "open-missing-stays", limit: 10_000 };

/** Whether some of `petCount` pets have no stay yet (checked before writing, so an open with none to give writes nothing). */
export function staysMissing(book: { flows: StayFlowSettings; all(): { petId: number }[] }, petCount: number): boolean {
  if (!book.flows.firstStays) return false;
  return new Set(book.all().map((stay) => stay.petId)).size < petCount;
}

/**
 * What is known of a pet that existed before the record: when it began (its oldest kept
 * event, else `now`) and, when sold, its adoption (the latest delivered order, else its
 * latest kept event). Events older than the retention are gone: the time is then the best kept.
 */
export function beginningOf(
  pet: { id: number; status: PetStatus },
  { events, orders, now }: { events: EventsState["book"]; orders: OrdersState["book"]; now: string },
): PetBeginning {
  // Newest first; one pet's events only (the audit's index by resource).
  const kept = events.readAudit({ limit: Number.MAX_SAFE_INTEGER, resource: { prefixes: ["pet"], id: String(pet.id) } });
  const beginning: PetBeginning = { petId: pet.id, status: pet.status, at: kept.at(-1)?.event.createdAt ?? now };
  if (pet.status !== "sold") return beginning;
  const delivered = orders
    .orderIdsOf(pet.id)
    .map((id) => orders.order(id) as Order)
    .filter((order) => order.status === "delivered")
    .at(-1);
  const at = delivered?.updatedAt ?? kept[0]?.event.createdAt ?? beginning.at;
  return { ...beginning, adoption: { at, ...(delivered ? { orderId: delivered.id } : {}) } };
}
