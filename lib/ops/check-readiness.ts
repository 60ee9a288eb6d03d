import "server-only";
import { getPetStore } from "@/lib/store";
import { currentPhase } from "./readiness";

/** Bound on the store's answer: a readiness probe must itself answer promptly. */
const STORE_CHECK_MS = 2_000;

/**
 * Ready means: started, not draining, and the store answers a read (the PostgreSQL store
 * runs a query for it, so a database that is down or out of connections is caught).
 */
export async function checkReadiness(): Promise<{ ready: boolean; reason?: string }> {
  const phase = currentPhase();
  if (phase !== "ready") return { ready: false, reason: phase };
  try {
    const store = await getPetStore();
    await withTimeout(store.get(1), STORE_CHECK_MS);
    return currentPhase() === "ready" ? { ready: true } : { ready: false, reason: currentPhase() };
  } catch {
    return { ready: false, reason: "store unavailable" };
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
