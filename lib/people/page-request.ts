import type { IncomingMessage } from "node:http";

/**
 * A Pages Router page's request as the web `Request` the sign-in rules read (lib/people):
 * its headers (the cookies, the client address start-up stamped, Origin and Sec-Fetch-Site,
 * the user agent) and its path. The body stays with the page, which has read it already.
 */
export function pageRequestOf(incoming: IncomingMessage, path: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined || name.startsWith(":")) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  // Only the path is read (the security log's route); the host is never trusted for anything.
  return new Request(new URL(path, "http://localhost"), { method: incoming.method ?? "GET", headers });
}
