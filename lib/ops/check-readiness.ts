import "server-only";
import { getIssuedKeys } from "@/lib/keys/issued-keys";
import { getPetStore } from "@/lib/composition";
import { currentPhase } from "./readiness";

/** Bound on each check's answer: a readiness probe must itself answer promptly. */
const STORE_CHECK_MS = 2_000;

/**
 * Ready means: started, not draining, and both stores answer a read: the pet store (the
 * PostgreSQL store runs a query for it, so a database that is down or out of connections
 * is caught) and the key store (issued keys are checked against it on every request).
 */
export async function checkReadiness(): Promise<{ ready: boolean; reason?: string }> {
  const phase = currentPhase();
  if (phase !== "ready") return { ready: false, reason: phase };
  const failed = await Promise.all([
    check("store unavailable", async () => (await getPetStore()).get(1)),
    check("key store unavailable", async () => (await getIssuedKeys()).check()),
  ]);
  const reasons = failed.filter((reason) => reason !== undefined);
  if (reasons.length > 0) return { ready: false, reason: reasons.join(", ") };
  return currentPhase() === "ready" ? { ready: true } : { ready: false, reason: currentPhase() };
}

/** `reason` when `read` fails or takes longer than STORE_CHECK_MS, else undefined. */
async function check(reason: string, read: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await withTimeout(read(), STORE_CHECK_MS);
    return undefined;
  } catch {
    return reason;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
