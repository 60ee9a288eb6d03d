import "server-only";
import { getLogger } from "./logger";
import { getMetrics } from "./metrics";

/** One answered request, as the access log and the request metrics record it. */
export interface RequestRecord {
  method: string;
  /** The route pattern (lib/ops/route-pattern.ts), never the path or its query string. */
  route: string;
  status: number;
  durationMs: number;
  /** Body bytes sent, when known. */
  bytes?: number;
  requestId?: string;
  /** Which key (Caller.keyId: an issued key's public id, `env-N` or `generated`), never the key. */
  keyId?: string;
}

/** Writes the access line and counts the request; the one place both happen. */
export function logRequest(record: RequestRecord): void {
  const { method, route, status, durationMs } = record;
  getLogger().info(
    {
      event: "request",
      method,
      route,
      status,
      durationMs: Math.round(durationMs * 100) / 100,
      bytes: record.bytes,
      requestId: record.requestId,
      keyId: record.keyId,
    },
    "request",
  );
  const metrics = getMetrics();
  const labels = { route, method, status: String(status) };
  metrics.requests.inc(labels);
  metrics.requestSeconds.observe(labels, durationMs / 1000);
}
