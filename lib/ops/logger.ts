import "server-only";
import pino, { type Logger } from "pino";
import { config } from "@/lib/config";
import { batchedStdout } from "./batched-stdout";
import { globalSlot } from "./global-slot";
import { nowMs } from "@/lib/clock";

/**
 * The process's one logger: JSON lines on stdout, level from PETSTORE_LOG_LEVEL. The lines
 * of one event-loop turn go out in one write (lib/ops/batched-stdout.ts): one write per line
 * cost a tenth of a small /v1 request's CPU (docs/decisions/100 and 111). Our exits await
 * flushLogs() first, so no line is lost or reordered. `npm run dev` pipes them through
 * pino-pretty; nothing is pretty-printed in-process. What may be logged:
 * docs/decisions/100-structured-logs.md (never a key, a query string, a request body or a
 * database password).
 */
export function getLogger(): Logger {
  return globalSlot("logger", () =>
    pino(
      {
        level: config.logLevel,
        base: { service: "petstore" },
        timestamp: isoTimeOncePerMillisecond,
        formatters: { level: (label) => ({ level: label }) },
      },
      batchedStdout(),
    ),
  );
}

/**
 * pino's isoTime, formatted once per millisecond: under load many lines share one, and
 * formatting a Date was a tenth of an access line's cost.
 */
let formattedAt = -1;
let formatted = "";
function isoTimeOncePerMillisecond(): string {
  const now = nowMs();
  if (now !== formattedAt) {
    formattedAt = now;
    formatted = `,"time":"${new Date(now).toISOString()}"`;
  }
  return formatted;
}

/** Writes out every buffered line; await it before process.exit. */
export function flushLogs(): Promise<void> {
  return new Promise((resolve) => getLogger().flush(() => resolve()));
}
