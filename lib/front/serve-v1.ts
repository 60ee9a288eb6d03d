import "server-only";
import type { MaybePromise } from "@/lib/maybe-promise";
import { isMalformedPath, malformedPathResponse } from "@/lib/api/malformed-path";
import { pathnameOf } from "@/lib/api/pathname-of";
import { dropProtoParams } from "./drop-proto-params";
import { gzipIfAccepted } from "./gzip-response";
import { compileV1Routes, v1Segments } from "./match-v1-route";
import { handlerFor, internalError } from "./route-methods";
import { V1_ROUTES } from "./v1-route-table";

const matchV1Route = compileV1Routes(V1_ROUTES);

/** True for the request targets the front server answers itself: `/v1` and below. */
export function isV1Target(target: string): boolean {
  return target.startsWith("/v1") && (target.length === 3 || "/?".includes(target[3]!));
}

/**
 * Serves one /v1 request with the handlers app/v1 exports, doing what Next's router did
 * before them: a path that cannot be decoded is the JSON 400 (proxy.ts does this under
 * Next), a trailing slash is ignored (next.config.js's skipTrailingSlashRedirect), route
 * params are decoded and handed over as a Promise, as Next 16 does. The answer comes at
 * once when the handler gave one (lib/api/api-route.ts), a promise of it otherwise.
 */
export function serveV1(request: Request): MaybePromise<Response> {
  const pathname = pathnameOf(request.url);
  if (pathname.includes("%") && isMalformedPath(pathname)) return malformedPathResponse(request);
  const fault = (error: unknown) => internalError(error)(request, undefined);
  try {
    const match = matchV1Route(v1Segments(pathname));
    // The table ends with the optional catch-all, so every /v1 path matches something.
    if (!match) throw new Error(`no /v1 route matches ${pathname}: V1_ROUTES lacks its catch-all`);
    const handle = handlerFor(match.module, request.method);
    const answer = handle(dropProtoParams(request), new RouteContext(match.params));
    if (!(answer instanceof Promise)) return gzipIfAccepted(request, answer);
    return answer.then((response) => gzipIfAccepted(request, response)).catch(fault);
  } catch (error) {
    return fault(error);
  }
}

type Params = Record<string, string | string[]>;

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
