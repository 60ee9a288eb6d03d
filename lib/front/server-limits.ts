import type { Server, ServerOptions } from "node:http";

/** The slow-client limits `npm start` runs with (lib/config.ts; docs/decisions/139). */
export interface ServerLimits {
  headersTimeoutSeconds: number;
  requestTimeoutSeconds: number;
  keepAliveTimeoutSeconds: number;
  maxConnections: number;
}

// How often Node looks for requests past their headers or request time. Its default, 30 s,
// would let a slow client hold a connection up to half a minute past its limit; one pass a
// second over at most maxConnections connections costs next to nothing.
const CHECK_INTERVAL_MS = 1_000;

/**
 * Node's defaults allow 60 s for the headers, 300 s for a whole request and any number of
 * connections, so a few thousand slow-drip clients can hold a process's sockets and file
 * descriptors for minutes. These are the deliberate ones.
 */
export function serverOptionsOf(limits: ServerLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutSeconds * 1000,
    requestTimeout: limits.requestTimeoutSeconds * 1000,
    keepAliveTimeout: limits.keepAliveTimeoutSeconds * 1000,
    connectionsCheckingInterval: CHECK_INTERVAL_MS,
  };
}

/** Past `maxConnections` open connections, Node closes each new one at once. */
export function limitConnections(server: Server, limits: ServerLimits): void {
  server.maxConnections = limits.maxConnections;
}
