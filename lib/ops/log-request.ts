import "server-only";
import { globalSlot } from "./global-slot";
import { getLogger } from "./logger";
import { routePatternOf } from "./route-pattern";
import { getMetrics } from "./metrics";

/** One answered request, as the access log and the request metrics record it. */
export interface RequestRecord {
  method: string;
  /**
   * The request's path without its query. Never logged: the line and the metrics carry its
   * route pattern (lib/ops/route-pattern.ts), worked out with the batch.
   */
  path: string;
  /** The route pattern, when the answer came with it (every /v1 answer does: lib/api/operation.ts). */
  route?: string;
  status: number;
  durationMs: number;
  /** Body bytes sent, when known. */
  bytes?: number;
  requestId?: string;
  /** Which key (Caller.keyId: an issued key's public id, `env-<12 hex>` or `generated-<12 hex>`), never the key. */
  keyId?: string;
}

// Requests answered in this turn of the event loop, logged and counted when it ends; one
// queue per process, whichever bundle answered them.
const pending = (): RequestRecord[] => globalSlot("pendingRequestRecords", () => []);

/**
 * Writes the access line and counts the request; the one place both happen. Both are done
 * for all the requests of one event-loop turn together, after their answers went out: one
 * pass over the logger and the metrics per batch costs a fraction of one per request
 * (docs/decisions/112). `writeRequestLog` does it at once (before an exit).
 */
export function logRequest(record: RequestRecord): void {
  if (pending().push(record) === 1) setImmediate(writeRequestLog);
}

/** Logs and counts every request still waiting for the end of its turn. */
export function writeRequestLog(): void {
  for (const record of pending().splice(0)) {
    // Outside any request now: a fault here must cost one line, not the batch or the process.
    try {
      writeRecord(record);
    } catch (error) {
      console.error("Pet Store: an access line could not be written:", error);
    }
  }
}

function writeRecord(record: RequestRecord): void {
  const { method, status, durationMs } = record;
  const route = record.route ?? routePatternOf(record.path);
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
