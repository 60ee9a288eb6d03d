import type { Server, ServerResponse } from "node:http";
import net, { type Socket } from "node:net";

/** How long in-flight requests may take to finish once a stop is asked for, by default. */
const GRACE_MS = 10_000;

const closing = new WeakSet<Server>();
const connectionsOf = new WeakMap<Server, Set<Socket>>();

/**
 * Keeps the server's open connections at hand, so a stop can reach the answers under way
 * on them (per connection, not per request: nothing is added to a request's path).
 */
export function trackConnections(server: Server): void {
  const connections = new Set<Socket>();
  connectionsOf.set(server, connections);
  server.on("connection", (socket: Socket) => {
    connections.add(socket);
    socket.once("close", () => connections.delete(socket));
  });
}

/**
 * Stops accepting connections and lets every open one end without cutting a request
 * (docs/decisions/138-stop-without-cutting-keep-alive-requests.md): each answer from now
 * on, to a request in flight or one arriving on a kept-alive connection, carries
 * `Connection: close` and ends its connection (the server's request listener asks
 * `isClosing`; answers already under way are reached through `trackConnections`). An idle connection is not closed at once, as a request may be on its way
 * on it: it closes when its keep-alive timeout runs out, the time the server announced in
 * `Keep-Alive: timeout=…`, after which no client sends on it. After `graceMs` whatever is
 * left is cut.
 */
export function closeGracefully(server: Server, graceMs = GRACE_MS): Promise<void> {
  closing.add(server);
  for (const socket of connectionsOf.get(server) ?? []) {
    // The answer under way on the connection (Node's own field, read by its clientError handler too).
    const answer = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (answer && !answer.headersSent) answer.shouldKeepAlive = false;
  }
  return new Promise((resolve) => {
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    // net.Server's close, not http.Server's: the latter also closes idle connections at once.
    net.Server.prototype.close.call(server, () => {
      clearTimeout(cut);
      resolve();
    });
  });
}

/** True once closeGracefully began: the answer being written should close its connection. */
export function isClosing(server: Server): boolean {
  return closing.has(server);
}
