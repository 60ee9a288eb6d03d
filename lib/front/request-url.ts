import type { IncomingMessage } from "node:http";

/** A request target or Host header that does not make a valid URL: the JSON 400. */
export class InvalidTargetError extends Error {}

// Targets whose WHATWG serialisation is the target itself: only characters URL copies as
// they are, in path and query alike. Anything else (dot segments, `%2e`, a backslash, a
// fragment, a space, `"<>'{}|^\``, non-ASCII) goes through `new URL`.
const PLAIN_TARGET = /^\/[A-Za-z0-9\-_~!$&()*+,;=:@/?%.]*$/;
const DOT_SEGMENT = /\/\.|%2e/i;

// Host headers seen, with the origin URL makes of each (or the refusal). A server sees a
// handful; the bound only keeps a client inventing hosts from growing it.
const origins = new Map<string, string | InvalidTargetError>();
const MAX_ORIGINS = 64;

/**
 * The absolute URL of a request, exactly as `new URL(scheme://host + target).href`: what
 * `request.url` is under Next and under the adapter the front server used before
 * (docs/decisions/112). Most targets are plain, and the Host header repeats, so the common
 * case is one string concatenation instead of a URL parse per request.
 */
export function requestUrlOf(incoming: IncomingMessage, defaultHost: string): string {
  const target = incoming.url ?? "/";
  if (target.includes("\\") && !isInQuery(target, target.indexOf("\\"))) {
    throw new InvalidTargetError("a backslash in the request path");
  }
  const scheme = (incoming.socket as { encrypted?: boolean } | null)?.encrypted ? "https" : "http";
  const origin = originOf(scheme, incoming.headers.host || defaultHost);
  if (PLAIN_TARGET.test(target) && !DOT_SEGMENT.test(target)) return origin + target;
  try {
    return new URL(origin + target).href;
  } catch {
    throw new InvalidTargetError("the request target is not a valid URL");
  }
}

function originOf(scheme: string, host: string): string {
  const key = `${scheme}://${host}`;
  let origin = origins.get(key);
  if (origin === undefined) {
    origin = parseOrigin(scheme, host);
    if (origins.size >= MAX_ORIGINS) origins.clear();
    origins.set(key, origin);
  }
  if (origin instanceof InvalidTargetError) throw origin;
  return origin;
}

/**
 * The origin `new URL` makes of a Host header, refusing one that smuggles more than a host
 * and port (a path, credentials or a second authority), as the earlier adapter did.
 */
function parseOrigin(scheme: string, host: string): string | InvalidTargetError {
  try {
    const url = new URL(`${scheme}://${host}/`);
    if (url.hostname.length !== host.length && url.hostname !== host.replace(/:\d+$/, "")) {
      return new InvalidTargetError("the Host header is not a valid host");
    }
    return `${url.protocol}//${url.host}`;
  } catch {
    return new InvalidTargetError("the Host header is not a valid host");
  }
}

function isInQuery(target: string, at: number): boolean {
  const query = target.indexOf("?");
  return query >= 0 && query < at;
}
