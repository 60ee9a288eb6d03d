import "server-only";
import pino, { type Logger } from "pino";
import { config } from "@/lib/config";
import { globalSlot } from "./global-slot";

/**
 * The process's one logger: JSON lines on stdout, level from PETSTORE_LOG_LEVEL. Written
 * synchronously (pino's default destination), so the last lines before an exit are never
 * lost. `npm run dev` pipes them through pino-pretty; nothing is pretty-printed in-process.
 * What may be logged: docs/decisions/100-structured-logs.md (never a key, a query string,
 * a request body or a database password).
 */
export function getLogger(): Logger {
  return globalSlot("logger", () =>
    pino({
      level: config.logLevel,
      base: { service: "petstore" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    }),
  );
}
