import "server-only";
import { pathnameOf } from "@/lib/api/pathname-of";
import { isAcceptedOrigin, siteOrigin } from "@/lib/origin/site-origin";
import { logSecurityEvent } from "@/lib/ops/log-security";
import { routePatternOf } from "@/lib/ops/route-pattern";
import { clientAddressOf } from "@/lib/rate-limit/client-address";
import { CrossOriginError } from "./people-errors";

/**
 * Refuses a request made with the session cookie from another site (CSRF): its `Origin` must
 * be this site's public origin (lib/origin/site-origin.ts: configured, never the request's
 * Host, so a DNS-rebound name or a forged Host does not make a page "ours"). Browsers send
 * `Origin` on every POST and DELETE, same-origin fetches included; a request without one did
 * not come from a browser page of ours, and is refused too (docs/decisions/189 and 201). Each
 * refusal is logged with the client address and the route (docs/security.md). `/v1` needs
 * none of this: it takes bearer keys only.
 */
export function refuseCrossOrigin(request: Request): void {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (isAcceptedOrigin(request.headers.get("origin")) && (fetchSite === null || fetchSite === "same-origin")) return;
  refuse(request);
}

/**
 * The same refusal for a form the browser posts itself (the sign-in page without JavaScript,
 * docs/decisions/224). Our pages' `Referrer-Policy: no-referrer` makes such a post's `Origin`
 * "null", so the browser's `Sec-Fetch-Site` decides when it sends one (every current browser
 * does), as for the adopters' form (docs/decisions/194); else the `Origin` must be one of
 * ours. An `Origin` naming another site refuses either way.
 */
export function refuseCrossSiteForm(request: Request): void {
  const origin = request.headers.get("origin");
  const fetchSite = request.headers.get("sec-fetch-site");
  const otherSite = origin !== null && origin !== "null" && !isAcceptedOrigin(origin);
  const ours = fetchSite !== null ? fetchSite === "same-origin" : isAcceptedOrigin(origin);
  if (ours && !otherSite) return;
  refuse(request);
}

function refuse(request: Request): never {
  logSecurityEvent({
    kind: "cross_site_refused",
    clientAddress: clientAddressOf(request),
    route: routePatternOf(pathnameOf(request.url)),
  });
  throw new CrossOriginError();
}

/**
 * The origin of the console page a request came from, for the passkeys' relying party: its
 * `Origin` when that is one of this site's (refuseCrossOrigin has checked it; only a derived
 * loopback origin has more than one), else the public origin.
 */
export function pageOriginOf(request: Request): string {
  const origin = request.headers.get("origin");
  return origin && isAcceptedOrigin(origin) ? origin : siteOrigin().origin;
}
