import type { IncomingMessage } from "node:http";
import net from "node:net";
import { LINGER_PAUSE_MS, LINGER_TOTAL_MS } from "@/lib/close-in-stages";

const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * Discards the rest of a request body nobody read (a 401, 413 or 415 answered before it
 * arrived), so the connection can serve the client's next request; a body that pauses too
 * long, keeps coming too long, or passes the size allowed closes the connection instead.
 * The limits are those of a closing connection (lib/close-in-stages.ts); a limit counted
 * from the answer alone (it was 500 ms) cut off clients that were merely slow or busy.
 */
export function drainIncoming(incoming: IncomingMessage): void {
  // A GET or HEAD has no body to drain (Node discards a stray one itself).
  if (incoming.method === "GET" || incoming.method === "HEAD") return;
  if (incoming.readableEnded || incoming.destroyed) return;
  let bytesRead = 0;
  const cleanup = () => {
    clearTimeout(pause);
    clearTimeout(total);
    incoming.off("data", onData);
    incoming.off("end", cleanup);
    incoming.off("error", cleanup);
  };
  const cut = () => {
    cleanup();
    // The socket's own destroySoon may be the staged close, which would wait for this body.
    if (!incoming.socket.destroyed) net.Socket.prototype.destroySoon.call(incoming.socket);
  };
  const onData = (chunk: Buffer) => {
    bytesRead += chunk.length;
    if (bytesRead > MAX_DRAIN_BYTES) cut();
    else pause.refresh();
  };
  const pause = setTimeout(cut, LINGER_PAUSE_MS);
  const total = setTimeout(cut, LINGER_TOTAL_MS);
  pause.unref();
  total.unref();
  incoming.on("data", onData);
  incoming.on("end", cleanup);
  incoming.on("error", cleanup);
  incoming.resume();
}
