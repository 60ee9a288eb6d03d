import "server-only";
import type { MaybePromise } from "@/lib/maybe-promise";
import { isMalformedPath, malformedPathResponse } from "./malformed-path";
import { notFound } from "./method-routes";
import { pathnameOf } from "./pathname-of";
import { matchV1 } from "./v1-routes";

/**
 * Next's way in to /v1 (app/v1/[[...path]]/route.ts, for `next dev` and `next start`): the
 * request goes to the operation its path and method name, through the same table the front
 * server matches with (./v1-routes.ts), with the path's parameters as Next 16 hands them over.
 * proxy.ts answers a malformed path under Next; it is checked here too, as the table decodes.
 */
export function dispatchV1(request: Request): MaybePromise<Response> {
  const pathname = pathnameOf(request.url);
  if (pathname.includes("%") && isMalformedPath(pathname)) return malformedPathResponse(request);
  const match = matchV1(pathname);
  if (!match) return notFound(request, undefined);
  return match.route.handlerFor(request.method)(request, { params: Promise.resolve(match.params) });
}
