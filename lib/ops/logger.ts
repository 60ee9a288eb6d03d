import "server-only";
import pino, { type Logger } from "pino";
import { config } from "@/lib/config";
import { globalSlot } from "./global-slot";

/**
 * The process's one logger: JSON lines on stdout, level from PETSTORE_LOG_LEVEL. Written
 * synchronously (pino's default stdout stream is asynchronous, and an exit's final flush
 * then wrote the last lines out of order), so lines appear in the order they were logged
 * and none is lost at exit. `npm run dev` pipes them through pino-pretty; nothing is pretty-printed in-process.
 * What may be logged: docs/decisions/100-structured-logs.md (never a key, a query string,
 * a request body or a database password).
 */
export function getLogger(): Logger {
  return globalSlot("logger", () =>
    pino(
      {
        level: config.logLevel,
        base: { service: "petstore" },
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
      },
      pino.destination({ fd: 1, sync: true }),
    ),
  );
}
