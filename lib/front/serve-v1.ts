import "server-only";
import type { MaybePromise } from "@/lib/maybe-promise";
import { apiRoute } from "@/lib/api/api-route";
import { isMalformedPath, malformedPathResponse } from "@/lib/api/malformed-path";
import { notFound } from "@/lib/api/method-routes";
import { pathnameOf } from "@/lib/api/pathname-of";
import { matchV1 } from "@/lib/api/v1-routes";
import { dropProtoParams } from "./drop-proto-params";
import { gzipIfAccepted } from "./gzip-response";

/** True for the request targets the front server answers itself: `/v1` and below. */
export function isV1Target(target: string): boolean {
  return target.startsWith("/v1") && (target.length === 3 || "/?".includes(target[3]!));
}

/**
 * Serves one /v1 request with the operation its path and method name (lib/api/v1-routes.ts,
 * the table Next dispatches through too), doing what Next's router does before that: a path
 * that cannot be decoded is the JSON 400 (proxy.ts does this under Next), route params are
 * handed over as a Promise, as Next 16 does. The answer comes at once when the handler gave
 * one (lib/api/api-route.ts), a promise of it otherwise.
 */
export function serveV1(request: Request): MaybePromise<Response> {
  const pathname = pathnameOf(request.url);
  if (pathname.includes("%") && isMalformedPath(pathname)) return malformedPathResponse(request);
  const fault = (error: unknown) => internalError(error)(request, undefined);
  try {
    const match = matchV1(pathname);
    const handle = match ? match.route.handlerFor(request.method) : notFound;
    const answer = handle(dropProtoParams(request), new RouteContext(match?.params ?? NO_PARAMS));
    if (!(answer instanceof Promise)) return gzipIfAccepted(request, answer);
    return answer.then((response) => gzipIfAccepted(request, response)).catch(fault);
  } catch (error) {
    return fault(error);
  }
}

/** Turns a fault of the front server's own into the API's JSON 500, like any handler's. */
function internalError(error: unknown) {
  return apiRoute({ auth: "public" }, () => {
    throw error;
  });
}

type Params = Record<string, string>;
const NO_PARAMS: Params = Object.freeze({});

/**
 * Next's second argument, `{ params }`: the promise is made only for a handler that reads
 * it (a class, as an object literal with a getter is built slowly on every request).
 */
class RouteContext {
  private promised: Promise<Params> | undefined;

  constructor(private readonly values: Params) {}

  get params(): Promise<Params> {
    return (this.promised ??= Promise.resolve(this.values));
  }
}
