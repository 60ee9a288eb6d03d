import "server-only";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { globalSlot } from "./global-slot";

/** Reads a value a gauge reports when scraped (pets by status, pool usage). */
export type GaugeSource = () => Promise<Record<string, number>> | Record<string, number>;

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "petstore_" });
  const sources: { pets?: GaugeSource; pool?: GaugeSource } = {};
  return {
    registry,
    sources,
    requests: new Counter({
      name: "petstore_http_requests_total",
      help: "HTTP requests answered, by route pattern, method and status",
      labelNames: ["route", "method", "status"] as const,
      registers: [registry],
    }),
    requestSeconds: new Histogram({
      name: "petstore_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route pattern, method and status",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    storeSeconds: new Histogram({
      name: "petstore_store_operation_duration_seconds",
      help: "Time a store operation took, by operation and outcome",
      labelNames: ["operation", "outcome"] as const,
      buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers: [registry],
    }),
    batchSize: new Histogram({
      name: "petstore_store_commit_batch_size",
      help: "Pets written per group commit (file journal) or insert batch (PostgreSQL)",
      labelNames: ["store"] as const,
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256, 1024, 8192],
      registers: [registry],
    }),
    pets: new Gauge({
      name: "petstore_pets",
      help: "Pets in the store, by status (read when scraped)",
      labelNames: ["status"] as const,
      registers: [registry],
      async collect() {
        const counts = await sources.pets?.();
        this.reset();
        for (const [status, count] of Object.entries(counts ?? {})) this.set({ status }, count);
      },
    }),
    pool: new Gauge({
      name: "petstore_db_pool_connections",
      help: "PostgreSQL pool connections by state (total, idle, waiting); absent with the file store",
      labelNames: ["state"] as const,
      registers: [registry],
      async collect() {
        const counts = await sources.pool?.();
        this.reset();
        for (const [state, count] of Object.entries(counts ?? {})) this.set({ state }, count);
      },
    }),
  };
}

/** The process's metrics, one set across bundles (lib/ops/global-slot.ts). */
export function getMetrics(): ReturnType<typeof createMetrics> {
  return globalSlot("metrics", createMetrics);
}

/** Records the size of one group commit or insert batch. */
export function observeBatchSize(store: "file" | "postgres", size: number): void {
  getMetrics().batchSize.observe({ store }, size);
}
