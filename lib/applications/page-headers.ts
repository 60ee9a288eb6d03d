import type { ServerResponse } from "node:http";

/**
 * The application pages carry answers or a status link's token: never cached (a shared cache
 * or the back button of a shared computer), never indexed, never sent on as a Referer (the
 * site-wide Referrer-Policy is no-referrer already: lib/static-security-headers.json).
 */
export function setPrivatePageHeaders(response: ServerResponse): void {
  response.setHeader("Cache-Control", "no-store");
  response.setHeader("X-Robots-Tag", "noindex");
  response.setHeader("Referrer-Policy", "no-referrer");
}
