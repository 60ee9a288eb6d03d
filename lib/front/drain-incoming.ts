import type { IncomingMessage } from "node:http";

// What a client may still send after its answer before the connection is cut.
const DRAIN_TIMEOUT_MS = 500;
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * Discards the rest of a request body nobody read (a 401, 413 or 415 answered before it
 * arrived), so the connection can serve the client's next request; a body that keeps
 * coming past the time or size allowed closes the connection instead.
 */
export function drainIncoming(incoming: IncomingMessage): void {
  // A GET or HEAD has no body to drain (Node discards a stray one itself).
  if (incoming.method === "GET" || incoming.method === "HEAD") return;
  if (incoming.readableEnded || incoming.destroyed) return;
  let bytesRead = 0;
  const cleanup = () => {
    clearTimeout(timer);
    incoming.off("data", onData);
    incoming.off("end", cleanup);
    incoming.off("error", cleanup);
  };
  const cut = () => {
    cleanup();
    if (!incoming.socket.destroyed) incoming.socket.destroySoon();
  };
  const onData = (chunk: Buffer) => {
    bytesRead += chunk.length;
    if (bytesRead > MAX_DRAIN_BYTES) cut();
  };
  const timer = setTimeout(cut, DRAIN_TIMEOUT_MS);
  timer.unref();
  incoming.on("data", onData);
  incoming.on("end", cleanup);
  incoming.on("error", cleanup);
  incoming.resume();
}
