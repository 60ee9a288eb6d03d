import "server-only";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import net from "node:net";

// How long the rest of an unread request body may take to arrive after its answer, as
// nginx's lingering_timeout (the longest pause between chunks; nginx allows 5 s) and
// lingering_time (the whole; nginx's 30 s).
export const LINGER_PAUSE_MS = 2_000;
export const LINGER_TOTAL_MS = 30_000;

const INSTALLED = Symbol.for("petstore.closeInStages");

/**
 * RFC 9112 §9.6: a server that closes a connection while the client is still sending its
 * request body makes its TCP stack answer the next bytes with a reset, and the reset can
 * throw away the answer before the client reads it: Node's client reports EPIPE instead of
 * the 413 it was sent (seen in CI). Node's server does exactly that after the last answer
 * on a connection (`Connection: close`), so every such connection whose body has not all
 * arrived closes in stages instead: the answer, then our FIN, then the rest of the body
 * read and discarded, then the close, within the limits above. Node announces each finished
 * answer on the "http.server.response.finish" channel, just before it closes the
 * connection with socket.destroySoon(); that is the hook, for Next's server and the front
 * server alike. Installed once, at start-up (lib/server-start.ts).
 */
export function installStagedClose(): void {
  const process_ = process as typeof process & { [INSTALLED]?: true };
  if (process_[INSTALLED]) return;
  process_[INSTALLED] = true;
  diagnostics.subscribe("http.server.response.finish", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: net.Socket };
    if (!request.complete && !socket.destroyed) socket.destroySoon = () => closeInStages(request, socket);
  });
}

function closeInStages(request: IncomingMessage, socket: net.Socket): void {
  const close = () => {
    clearTimeout(pause);
    clearTimeout(total);
    request.off("data", onData);
    request.off("end", close);
    net.Socket.prototype.destroySoon.call(socket);
  };
  const onData = () => pause.refresh();
  const pause = setTimeout(close, LINGER_PAUSE_MS);
  const total = setTimeout(close, LINGER_TOTAL_MS);
  pause.unref();
  total.unref();
  socket.once("close", () => {
    clearTimeout(pause);
    clearTimeout(total);
  });
  if (socket.writable) socket.end();
  request.on("data", onData);
  request.once("end", close);
  request.resume();
}
