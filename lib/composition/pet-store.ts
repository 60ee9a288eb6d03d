import type { PetCatalog } from "@/lib/pets/pet-store";
import type { CategoryStore } from "@/lib/categories/category-store";
import type { ApplicationStore } from "@/lib/applications/application-store";
import type { IdempotencyStore } from "@/lib/idempotency/idempotency-store";
import type { OrderStore } from "@/lib/orders/order-store";
import type { EventLog } from "@/lib/events/event-log";
import type { AuditLog } from "@/lib/audit/audit-log";

/**
 * The all-in-one port every storage adapter implements, the one the composition root hands
 * out. Callers (route handlers, pages, scripts) depend on this interface only; which adapter
 * runs is decided in `lib/composition/index.ts`.
 *
 * It joins the ports each resource keeps in its folder (lib/pets/pet-store.ts,
 * lib/orders/order-store.ts, lib/categories/category-store.ts,
 * lib/idempotency/idempotency-store.ts, lib/events/event-log.ts, lib/audit/audit-log.ts,
 * lib/applications/application-store.ts), which every adapter implements on the same object:
 * placing an order changes a pet in the same atomic step
 * (docs/decisions/081-one-adapter-behind-three-ports.md), and a write given an
 * IdempotencyRecord commits the answer to its request in that step too (docs/decisions/109).
 * Every write records its events (lib/events/) in its own durable step as well: never a
 * change without its event, nor an event without its change (docs/decisions/160).
 */
export interface PetStore
  extends PetCatalog, OrderStore, CategoryStore, IdempotencyStore, EventLog, AuditLog, ApplicationStore {
  /** Finishes writes under way, flushes, releases the data directory. Idempotent. */
  close(): Promise<void>;
}
