import "server-only";
import { nowMs } from "@/lib/clock";
import { config } from "@/lib/config";
import { getResourceStore } from "@/lib/composition";
import { staysStorage } from "./stays-resource-storage";
import type { StayStore } from "./stay-store";

/**
 * PETSTORE_RECORD_RETENTION_DAYS (docs/decisions/253): a stay's personal parts (who brought the
 * animal, who took it, its foster carers, notes, the reasons of its corrections) are erased
 * this long after the stay closed. What stays is what the counts need: types, times and days.
 * Scheduled as the applications' retention is (lib/applications/retention.ts).
 */
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/** Erases what is due; resolves how many stays lost personal data. */
export function eraseExpiredStays(
  stays: Pick<StayStore, "erasePersonalClosedBefore">,
  now = nowMs(),
  retentionDays = config.recordRetentionDays,
): Promise<number> {
  return stays.erasePersonalClosedBefore(new Date(now - retentionDays * DAY_MS).toISOString());
}

/** Sweeps at start and then hourly, never keeping the process alive; a failure waits for the next tick. */
export function startRecordRetention(): () => void {
  const tick = () =>
    void getResourceStore(staysStorage)
      .then((stays) => eraseExpiredStays(stays))
      .catch(() => undefined);
  tick();
  const timer = setInterval(tick, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
