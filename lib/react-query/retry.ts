import { ApiError } from "@/lib/api/api-error";
import { isServerUnreachable } from "@/lib/api-client/server-unreachable";

/**
 * Staff reads: while the server cannot be reached, keep trying (the last data stays on
 * screen meanwhile); client errors (a bad key, a bad request) will not fix themselves;
 * other server errors get two more tries.
 */
export function retryStaffRead(failureCount: number, error: Error): boolean {
  if (isServerUnreachable(error)) return true;
  if (error instanceof ApiError && error.status < 500) return false;
  return failureCount < 2;
}

/** 1 s, 2 s, then every 4 s: a server that comes back is noticed within seconds. */
export function staffRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 4000);
}
