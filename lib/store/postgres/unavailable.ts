/**
 * Which driver errors mean "the database cannot serve right now" (answered 503 with
 * Retry-After) rather than a bug (500). Anything not named here is a fault to look at.
 */
const UNAVAILABLE_SQLSTATE_CLASSES = ["08", "53", "58"]; // connection, insufficient resources, system error
const UNAVAILABLE_SQLSTATES = new Set([
  "57014", // query_canceled: statement_timeout fired
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: starting up or shutting down
  "40001", // serialization_failure
  "40P01", // deadlock_detected
  "25006", // read_only_sql_transaction: we reached a standby after a failover
]);
const UNAVAILABLE_ERRNOS = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
// pg reports its own timeouts and lost connections as plain Errors, recognisable only by message.
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /connection terminated/i,
  /query read timeout/i,
  /connection timeout/i,
  /client has encountered a connection error/i,
  /cannot use a pool after calling end/i,
  /the database system is (starting up|shutting down|in recovery mode)/i,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (UNAVAILABLE_ERRNOS.has(code) || UNAVAILABLE_SQLSTATES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && UNAVAILABLE_SQLSTATE_CLASSES.includes(code.slice(0, 2))) return true;
  }
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
}
