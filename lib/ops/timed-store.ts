import "server-only";
import type { PetStore } from "@/lib/composition/pet-store";
import { getMetrics } from "./metrics";
import type { MaybePromise } from "@/lib/maybe-promise";

/**
 * The store with each operation timed into petstore_store_operation_duration_seconds,
 * whichever adapter runs. `close` passes through untimed.
 */
export function timedStore(store: PetStore): PetStore {
  const { storeSeconds } = getMetrics();
  // One label set per operation and outcome, made once, and no async wrapper: this runs on
  // every request (docs/decisions/112).
  const time = <Args extends unknown[], Out extends MaybePromise<unknown>>(
    operation: string,
    run: (...args: Args) => Out,
  ) => {
    const ok = { operation, outcome: "ok" };
    const failed = { operation, outcome: "error" };
    // The same shape as `run`: a promise only where `run` gave one.
    return (...args: Args): Out => {
      const started = performance.now();
      const result = run(...args);
      // An answer at hand (a page the file store remembers) is timed without a promise.
      if (!(result instanceof Promise)) {
        storeSeconds.observe(ok, (performance.now() - started) / 1000);
        return result;
      }
      return result.then(
        (value) => {
          storeSeconds.observe(ok, (performance.now() - started) / 1000);
          return value;
        },
        (error: unknown) => {
          storeSeconds.observe(failed, (performance.now() - started) / 1000);
          throw error;
        },
      ) as Out;
    };
  };
  return {
    list: time("list", (query) => store.list(query)),
    create: time("create", (pet, record) => store.create(pet, record)),
    get: time("get", (id) => store.get(id)),
    updatePet: time("updatePet", (id, patch, versions) => store.updatePet(id, patch, versions)),
    countByStatus: time("countByStatus", () => store.countByStatus()),
    placeOrder: time("placeOrder", (order, record) => store.placeOrder(order, record)),
    getOrder: time("getOrder", (id) => store.getOrder(id)),
    listOrders: time("listOrders", (query) => store.listOrders(query)),
    transitionOrder: time("transitionOrder", (id, to) => store.transitionOrder(id, to)),
    updateOrder: time("updateOrder", (id, change) => store.updateOrder(id, change)),
    listCategories: time("listCategories", () => store.listCategories()),
    createCategory: time("createCategory", (category, record) => store.createCategory(category, record)),
    claim: time("claimIdempotencyKey", (key, fingerprint, options) => store.claim(key, fingerprint, options)),
    release: (key, claimedAt) => store.release(key, claimedAt),
    renameCategory: time("renameCategory", (id, name) => store.renameCategory(id, name)),
    readEvents: time("readEvents", (query) => store.readEvents(query)),
    latestSequence: time("latestSequence", () => store.latestSequence()),
    appendEvents: time("appendEvents", (events) => store.appendEvents(events)),
    readAudit: time("readAudit", (query) => store.readAudit(query)),
    readPrevious: time("readPrevious", (asks) => store.readPrevious(asks)),
    pruneEvents: (before) => store.pruneEvents(before),
    submitApplication: time("submitApplication", (application) => store.submitApplication(application)),
    getApplication: time("getApplication", (id) => store.getApplication(id)),
    findByStatusToken: time("findByStatusToken", (digest) => store.findByStatusToken(digest)),
    findByEmailDigest: time("findByEmailDigest", (digest) => store.findByEmailDigest(digest)),
    listApplications: time("listApplications", (query) => store.listApplications(query)),
    changeApplication: time("changeApplication", (id, decide) => store.changeApplication(id, decide)),
    erasePersonalData: time("erasePersonalData", (ids, at) => store.erasePersonalData(ids, at)),
    decidedBefore: time("decidedBefore", (cutoff, limit) => store.decidedBefore(cutoff, limit)),
    close: () => store.close(),
  };
}
