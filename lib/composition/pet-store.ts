import type { PetCatalog } from "@/lib/store/pet-store";
import type { CategoryStore } from "@/lib/categories/category-store";
import type { ApplicationStore } from "@/lib/store/application-store";
import type { IdempotencyStore } from "@/lib/store/idempotency-store";
import type { OrderStore } from "@/lib/store/order-store";
import type { EventLog } from "@/lib/events/event-log";
import type { AuditLog } from "@/lib/audit/audit-log";

/**
 * The all-in-one port every storage adapter implements, the one the composition root hands out. Callers (route handlers, pages, scripts)
 * depend on this interface only; which adapter runs is decided in `lib/composition/index.ts`.
 *
 * Pets, orders, categories and idempotency records are ports of their own (lib/store/pet-store.ts,
 * order-store.ts, category-store.ts, idempotency-store.ts) that every adapter implements on the same object:
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
