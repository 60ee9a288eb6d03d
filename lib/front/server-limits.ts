import fs from "node:fs";
import type { Server, ServerOptions } from "node:http";

/** The slow-client limits `npm start` runs with (lib/config.ts; docs/decisions/139). */
export interface ServerLimits {
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  keepAliveTimeoutSeconds: number;
  /** Unset: derived from the open-files limit (`connectionCapFor`). */
  maxConnections?: number;
}

// How often Node looks for requests past their headers or request time. Its default, 30 s,
// would let a slow client hold a connection up to half a minute past its limit; one pass a
// second over the open connections costs next to nothing.
const CHECK_INTERVAL_MS = 1_000;

// Descriptors kept back from connections for everything else: the store's files, the
// PostgreSQL pools (up to 10 + PETSTORE_DATABASE_POOL_MAX), Next's files, the metrics server.
const RESERVED_DESCRIPTORS = 1_024;
const MIN_CONNECTIONS = 128;
// Where the limit cannot be read (not Linux).
const FALLBACK_CONNECTIONS = 4_096;

/**
 * Node's defaults allow 60 s for the headers, 300 s for a whole request and any number of
 * connections, so slow-drip clients can hold a process's sockets for minutes, and enough of
 * them its last file descriptor, which the store needs too. These are the deliberate ones.
 */
export function serverOptionsOf(limits: ServerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutSeconds * 1000,
    requestTimeout: limits.requestTimeoutSeconds * 1000,
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    connectionsCheckingInterval: CHECK_INTERVAL_MS,
  };
}

/** Past the cap, Node closes each new connection at once. */
export function limitConnections(server: Server, limits: ServerLimits): void {
  server.maxConnections = limits.maxConnections ?? connectionCapFor(openFilesLimit(readLimits()));
}

/**
 * As many connections as the process's descriptors allow, less a reserve: a lower cap would
 * only hand the server to a flood of slow clients sooner (a cap of 4,096 did, in
 * `npm run bench:slow-clients`), a higher one would let them take the store's last descriptor.
 */
export function connectionCapFor(openFiles: number | undefined): number {
  if (openFiles === undefined) return FALLBACK_CONNECTIONS;
  return Math.max(MIN_CONNECTIONS, openFiles - RESERVED_DESCRIPTORS);
}

/** The soft limit on open files (Node raises it to the hard limit at start), from /proc on Linux. */
export function openFilesLimit(limitsText: string | undefined): number | undefined {
  const line = limitsText?.split("\n").find((text) => text.startsWith("Max open files"));
  const soft = line?.slice("Max open files".length).trim().split(/\s+/)[0];
  return soft && /^[0-9]+$/.test(soft) ? Number(soft) : undefined;
}

/** This process's limits as Linux reports them; undefined elsewhere. */
export function readLimits(): string | undefined {
  try {
    return fs.readFileSync("/proc/self/limits", "utf8");
  } catch {
    return undefined;
  }
}
