import "server-only";
import http from "node:http";
import type { Duplex } from "node:stream";
import { API_CACHE_CONTROL } from "@/lib/api/cache-control";
import { methodNotAllowedError, pathNotFoundError } from "@/lib/api/method-errors";
import { requestIdFrom } from "@/lib/api/request-id";
import { methodsServedAt } from "@/lib/api/v1-routes";
import { takeOriginForm } from "./absolute-target";
import { answerClientError } from "./client-error-answer";
import { refuseForeignTarget } from "./front-server";

/** The methods Next's router hands to route handlers; it mishandles every other one. */
const ROUTABLE = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

// Outside /v1 the app serves pages and a few GET routes.
const PAGE_METHODS = "GET, HEAD";
const INSTALLED = Symbol.for("petstore.methodGuard");

/**
 * Answers requests whose method Next cannot route, before Next sees them. Next answers
 * TRACE with a plain-text 500 and logs a stack trace each time (undici's Request refuses
 * the method), and PROPFIND, QUERY and the other methods Node's parser knows with an empty
 * 400, before any route handler or proxy.ts runs. So the guard sits in front: a 405 with
 * `Allow` (under /v1, the JSON Error body; 404 where /v1 has no such path), logged by no one.
 * Node's http.Server exposes no hook that can stop a request from reaching its listener,
 * so the guard wraps http.Server's `emit` for "request" events; Next's own server (the
 * only one in this process) is one. Installed once, at start-up. See
 * docs/decisions/013-answer-unroutable-methods-before-next.md.
 */
export function installMethodGuard(): void {
  const prototype = http.Server.prototype as http.Server & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  prototype[INSTALLED] = true;
  const emit = prototype.emit as (this: http.Server, ...args: unknown[]) => boolean;
  // Named parameters and `arguments`, not rest and spread: this runs for every event of
  // every server in the process, so it makes no array of its own.
  prototype.emit = function (this: http.Server, event: string | symbol, request?: unknown, response?: unknown) {
    if (event === "request") {
      const incoming = request as http.IncomingMessage;
      if (!ROUTABLE.has(incoming.method ?? "")) {
        refuseUnroutable(incoming, response as http.ServerResponse);
        return true;
      }
      // Next's router would redirect a target for another host there (decision 137).
      if (!takeOriginForm(incoming)) {
        refuseForeignTarget(response as http.ServerResponse);
        return true;
      }
    }
    // Next's server has no clientError listener: Node's own would write a bare 400.
    if (event === "clientError" && this.listenerCount("clientError") === 0) {
      answerClientError(request as Error, response as Duplex);
      return true;
    }
    // eslint-disable-next-line prefer-rest-params
    return emit.apply(this, arguments as unknown as unknown[]);
  } as typeof prototype.emit;
}

/** The answer to a method the path does not serve; exported for its unit test. */
export function refuseUnroutable(request: http.IncomingMessage, response: http.ServerResponse): void {
  const pathname = (request.url ?? "/").split("?")[0]!;
  // Whatever body came with it goes unread: closing the connection discards it.
  response.setHeader("Connection", "close");
  if (!pathname.startsWith("/v1/") && pathname !== "/v1") {
    response.writeHead(405, { Allow: PAGE_METHODS }).end();
    return;
  }
  const served = methodsServedAt(pathname);
  const error = served ? methodNotAllowedError(request.method!, served) : pathNotFoundError();
  const body = JSON.stringify(error.toBody());
  response
    .writeHead(error.status, {
      ...error.headers,
      "Content-Type": "application/json",
      "Content-Length": Buffer.byteLength(body),
      "Cache-Control": API_CACHE_CONTROL,
      "X-Request-Id": requestIdFrom(request.headers["x-request-id"] as string | undefined),
    })
    .end(body);
}
