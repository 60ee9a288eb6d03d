import "server-only";
import { closePetStore } from "@/lib/store";
import { getLogger } from "./logger";
import { markDraining, requestsSettled } from "./readiness";

/**
 * How long a stop lets /v1 requests under way finish before the store is closed anyway.
 * Documented in the README ("Stopping"); the front server cuts connections after the same.
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

/** The second half: waits for /v1 requests under way (bounded), then closes the store. */
export async function finishDrain(): Promise<void> {
  await requestsSettled(DRAIN_TIMEOUT_MS);
  await closePetStore();
  getLogger().info({ event: "shutdown" }, "Pet Store: stopped cleanly");
}
