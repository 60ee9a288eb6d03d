import "server-only";
import { closePetStore } from "@/lib/composition";
import { closeDatabasePools } from "@/lib/composition/database-pools";
import { stopWebhooks } from "@/lib/webhooks/webhook-service";
import { stopMailOutbox } from "@/lib/mail-outbox/mail-outbox";
import { closePhotoStore } from "@/lib/photos";
import { stopPhotoProcessor } from "@/lib/photos/photo-processor";
import { writeRequestLog } from "./log-request";
import { flushLogs, getLogger } from "./logger";
import { markDraining, requestsSettled } from "./readiness";

/**
 * How long a stop lets /v1 requests under way finish before the store is closed anyway.
 * Documented in docs/operating.md ("Stopping"); the front server cuts connections after the same.
 */
export const DRAIN_TIMEOUT_MS = 10_000;

/**
 * The first half of every stop, whichever server runs: readiness turns 503 at once. A
 * load balancer stops sending; whoever owns the listening socket closes it.
 */
export function beginDrain(signal: string): void {
  markDraining();
  getLogger().info({ event: "shutdown", signal }, `Pet Store: ${signal}, draining`);
}

/**
 * The second half: waits for /v1 requests under way (bounded), closes the store, and
 * writes out the buffered log lines. Then `exit(0)`; on a failure, `exitAfterFailure`.
 */
export async function finishDrain(): Promise<void> {
  await requestsSettled(DRAIN_TIMEOUT_MS);
  // Deliveries under way are recorded before the store they read from closes. Neither may
  // hold the stop up on a stalled database: a cut delivery is sent again (at least once), and
  // every photo request has been answered by now; only the pet store's close must finish.
  await settledWithin(stopWebhooks(), SIDE_STORES_CLOSE_MS);
  // The message under way is sent or left to its lease (sent again after the restart).
  await settledWithin(stopMailOutbox(), SIDE_STORES_CLOSE_MS);
  stopPhotoProcessor();
  await settledWithin(closePhotoStore(), SIDE_STORES_CLOSE_MS);
  await closePetStore();
  // Last, the PostgreSQL pools every store shared (docs/decisions/242): idle connections end at
  // once; one still held by a statement stalled on the database is not waited for, since the
  // process exits next and the server drops its session.
  await settledWithin(closeDatabasePools(), POOLS_CLOSE_MS);
  writeRequestLog();
  getLogger().info({ event: "shutdown" }, "Pet Store: stopped cleanly");
  await flushLogs();
}

/** Logs why closing failed, writes the log out, exits 1. */
export async function exitAfterFailure(error: unknown): Promise<never> {
  getLogger().error(
    { event: "shutdown", err: error instanceof Error ? error.message : String(error) },
    "Pet Store: closing the store failed",
  );
  writeRequestLog();
  await flushLogs();
  process.exit(1);
}

/** How long webhook delivery and the photo store may take to close at a stop. */
const SIDE_STORES_CLOSE_MS = 2_000;
/** How long a stop waits for the pools' connections still in use (idle ones end at once). */
const POOLS_CLOSE_MS = 500;

/** Waits for `work` to settle, or `ms`, whichever comes first; its failure is logged, not thrown. */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  const settled = work.then(
    () => undefined,
    (error: unknown) => getLogger().warn({ event: "shutdown", err: String(error) }, "Pet Store: closing part failed"),
  );
  await Promise.race([settled, late]);
  clearTimeout(timer);
}
