import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { config } from "@/lib/config";
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from "./client-address";

const INSTALLED = Symbol.for("petstore.clientAddressStamp");

/**
 * Route handlers under `next start` see no socket, and Next fills X-Forwarded-For from
 * the socket only when the client sent none (`??=` in Next 16's base-server), so that
 * header alone cannot tell a client's claim from its address. Node publishes every request
 * on the "http.server.request.start" channel with its socket before any listener runs; this
 * writes the resolved client address into the request's headers there, replacing anything
 * the client sent under that name (docs/decisions/125). Installed once, at start-up.
 */
export function installClientAddressStamp(): void {
  const holder = globalThis as { [INSTALLED]?: true };
  if (holder[INSTALLED]) return;
  holder[INSTALLED] = true;
  subscribe("http.server.request.start", (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    stampClientAddress(request, socket);
  });
}

/**
 * Writes the resolved client address into one request's headers, replacing what the client
 * sent under that name; the front server calls it for what it hands to Next (the staff
 * sign-in counts failures per address: lib/people/sign-in-limits.ts).
 */
export function stampClientAddress(request: IncomingMessage, socket: Socket = request.socket): void {
  const forwarded = request.headers["x-forwarded-for"];
  request.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(
    socket.remoteAddress,
    Array.isArray(forwarded) ? forwarded.join(",") : forwarded,
    config.trustedProxies,
  );
}
