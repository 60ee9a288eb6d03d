import "server-only";
import { nowMs } from "@/lib/clock";
import { config } from "@/lib/config";
import { getPetStore } from "@/lib/composition";
import type { ApplicationStore } from "@/lib/applications/application-store";

/**
 * PETSTORE_APPLICATION_RETENTION_DAYS (docs/decisions/191): an application's personal data is
 * erased this long after its decision. What stays is what the shelter must keep: the animal,
 * the states and times, and the order an approval placed.
 */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const BATCH = 500;

/** Erases what is due, in batches; resolves how many applications it erased. */
export async function eraseExpiredApplications(
  store: Pick<ApplicationStore, "decidedBefore" | "erasePersonalData">,
  now = nowMs(),
  retentionDays = config.applicationRetentionDays,
): Promise<number> {
  const cutoff = new Date(now - retentionDays * 86_400_000).toISOString();
  let erased = 0;
  for (;;) {
    const due = await store.decidedBefore(cutoff, BATCH);
    if (due.length === 0) return erased;
    const done = await store.erasePersonalData(due, new Date(now).toISOString());
    erased += done.length;
    if (done.length === 0 || due.length < BATCH) return erased;
  }
}

/** Sweeps at start and then hourly, never keeping the process alive; a failure waits for the next tick. */
export function startApplicationRetention(): () => void {
  const tick = () =>
    void Promise.resolve(getPetStore())
      .then(eraseExpiredApplications)
      .catch(() => undefined);
  tick();
  const timer = setInterval(tick, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
