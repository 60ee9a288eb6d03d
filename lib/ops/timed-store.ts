import "server-only";
import type { PetStore } from "@/lib/store/pet-store";
import { getMetrics } from "./metrics";

/**
 * The store with each operation timed into petstore_store_operation_duration_seconds,
 * whichever adapter runs. `close` passes through untimed.
 */
export function timedStore(store: PetStore): PetStore {
  const { storeSeconds } = getMetrics();
  // One label set per operation and outcome, made once, and no async wrapper: this runs on
  // every request (docs/decisions/112).
  const time = <Args extends unknown[], Result>(operation: string, run: (...args: Args) => Promise<Result>) => {
    const ok = { operation, outcome: "ok" };
    const failed = { operation, outcome: "error" };
    return (...args: Args): Promise<Result> => {
      const started = performance.now();
      return run(...args).then(
        (result) => {
          storeSeconds.observe(ok, (performance.now() - started) / 1000);
          return result;
        },
        (error: unknown) => {
          storeSeconds.observe(failed, (performance.now() - started) / 1000);
          throw error;
        },
      );
    };
  };
  return {
    list: time("list", (query) => store.list(query)),
    create: time("create", (pet, record) => store.create(pet, record)),
    get: time("get", (id) => store.get(id)),
    countByStatus: time("countByStatus", () => store.countByStatus()),
    placeOrder: time("placeOrder", (order, record) => store.placeOrder(order, record)),
    getOrder: time("getOrder", (id) => store.getOrder(id)),
    listOrders: time("listOrders", (query) => store.listOrders(query)),
    transitionOrder: time("transitionOrder", (id, to) => store.transitionOrder(id, to)),
    listCategories: time("listCategories", () => store.listCategories()),
    createCategory: time("createCategory", (category, record) => store.createCategory(category, record)),
    claim: time("claimIdempotencyKey", (key, fingerprint, options) => store.claim(key, fingerprint, options)),
    release: (key, claimedAt) => store.release(key, claimedAt),
    renameCategory: time("renameCategory", (id, name) => store.renameCategory(id, name)),
    close: () => store.close(),
  };
}
