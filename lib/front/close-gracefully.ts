import type { Server } from "node:http";

/** How long in-flight requests may take to finish once a stop is asked for, by default. */
const GRACE_MS = 10_000;

/**
 * Stops accepting connections, lets in-flight requests finish, and closes keep-alive
 * connections as soon as they fall idle (server.close() alone would wait for each to
 * time out). After `graceMs` whatever is left is cut.
 */
export function closeGracefully(server: Server, graceMs = GRACE_MS): Promise<void> {
  return new Promise((resolve) => {
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(idle);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}
