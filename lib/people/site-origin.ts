import "server-only";
import { ApiError } from "@/lib/api/errors";
import { config } from "@/lib/config";

/**
 * This site's origin as a browser sees it: PETSTORE_PUBLIC_URL when set (a proxy in front),
 * else the scheme the request came in on and its Host.
 */
export function siteOrigin(request: Request): string {
  if (config.publicUrl) return config.publicUrl;
  const host = request.headers.get("host") ?? new URL(request.url).host;
  return `${new URL(request.url).protocol}//${host}`;
}

/** True where cookies can be `Secure` and `__Host-` prefixed. */
export function isSecureSite(request: Request): boolean {
  return siteOrigin(request).startsWith("https:");
}

/**
 * Refuses a request made with the session cookie from another site (CSRF): its `Origin` must
 * be this site's. Browsers send `Origin` on every POST and DELETE, same-origin fetches
 * included; a request without one did not come from a browser page of ours, and is refused
 * too (docs/decisions/189). `/v1` needs none of this: it takes bearer keys only.
 */
export function refuseCrossOrigin(request: Request): void {
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  if (origin === siteOrigin(request) && (fetchSite === null || fetchSite === "same-origin")) return;
  throw new ApiError(403, "cross_origin", "This request must come from the staff console's own pages.");
}
