import "server-only";
import type { Scope } from "@/lib/keys/scopes";
import { authenticate, InsufficientScopeError, InvalidKeyError } from "./authenticate";
import { API_CACHE_CONTROL } from "./cache-control";
import type { Caller } from "@/lib/keys/caller";
import { ApiError } from "./api-error";
import { runIdempotently } from "./idempotent-request";
import { unrecordedWrite, type RecordedWrite } from "./recorded-write";
import { countAuthFailure, limitCaller, refuseBlockedAddress } from "./request-limits";
import { pathnameOf } from "./pathname-of";
import { requestIdOf } from "./request-id";
import { toApiError } from "./to-api-error";
import { logRequest, type RequestRecord } from "@/lib/ops/log-request";
import { thenMaybe, type MaybePromise } from "@/lib/maybe-promise";
import { oncePerFrozen } from "./once-per-frozen";
import { enterRequest } from "@/lib/ops/readiness";
import { bodyBytesOf } from "@/lib/ops/body-bytes";
import { clientClosedResponse, isClientAbort } from "./client-abort";
import { actingAs, keyActor, personActor } from "@/lib/events/actor";

/**
 * A route handler as app/v1 exports it. It answers at once when nothing had to wait (a warm
 * key cache and a page the store holds in memory) and with a promise otherwise: every
 * promise is paid for on each request while Next's async context tracking runs in the
 * process (lib/maybe-promise.ts, docs/decisions/113).
 */
export type RouteHandler<Context = unknown> = (request: Request, context: Context) => MaybePromise<Response>;

/**
 * A handler behind `auth: "bearer"` also gets its caller (undefined on public routes), and
 * every handler the RecordedWrite its one write goes through (an idempotent route's
 * records the answer with the write).
 */
export type CallerHandler<Context = unknown> = (
  request: Request,
  context: Context,
  caller: Caller | undefined,
  write: RecordedWrite,
) => MaybePromise<Response>;

/** What a route declares besides its handler. */
export interface RouteOptions {
  /**
   * "bearer": a valid key is checked before the handler runs (401 otherwise). "public":
   * served without one; a route says so in its declaration, so a public route is a visible
   * choice rather than a forgotten call.
   */
  auth: "bearer" | "public";
  /** The scope a bearer key needs (403 insufficient_scope without it); absent: any valid key. */
  scope?: Scope;
  /**
   * Honour `Idempotency-Key` (lib/api/idempotent-request.ts): every POST that creates or
   * changes something sets this, and does its write through the handler's RecordedWrite.
   * Needs auth "bearer": keys are scoped to the API key.
   */
  idempotent?: boolean;
  /** Headers on every answer, errors included (getPet's deprecation notice). */
  headers?: Readonly<Record<string, string>>;
  /**
   * The route pattern the access log and the metrics name this answer by (`/v1/pets/{petId}`):
   * every /v1 answer carries its operation's (lib/api/operation.ts); without it, the log works
   * it out from the path (lib/ops/route-pattern.ts).
   */
  route?: string;
}

/**
 * Wraps a /v1 handler: on bearer routes the caller's address must not be blocked for
 * failed authentications, the key must be valid and hold the declared scope, and the
 * request counts against the key's rate limit; then the handler. Whatever it returns or
 * throws becomes a JSON response carrying an X-Request-Id, the declared headers, the
 * RateLimit fields and, unless the handler chose otherwise, API_CACHE_CONTROL.
 * Each request is counted in and out (a stop waits for those under way) and gets one
 * access-log line (lib/ops/log-request.ts). No step is awaited unless it returned a promise.
 */
export function apiRoute<Context>(options: RouteOptions, handle: CallerHandler<Context>): RouteHandler<Context> {
  return (request, context) => {
    const exchange = new Exchange(request);
    let answer: MaybePromise<Response>;
    try {
      answer =
        options.auth === "bearer"
          ? thenMaybe(authenticateLimited(request, options.scope), (caller) => {
              exchange.caller = caller;
              return thenMaybe(limitCaller(caller), (limitHeaders) => {
                exchange.limitHeaders = limitHeaders;
                return serve(options, handle, request, context, caller);
              });
            })
          : serve(options, handle, request, context, undefined);
    } catch (error) {
      return exchange.finish(options, exchange.refused(error));
    }
    return answer instanceof Promise
      ? answer.then(
          (response) => exchange.finish(options, response),
          (error: unknown) => exchange.finish(options, exchange.refused(error)),
        )
      : exchange.finish(options, answer);
  };
}

/**
 * A write's events name its caller (lib/events/actor.ts): the key's public id travels with
 * the handler's async work to the store. Reads need no actor, and skip the storage.
 */
function serve<Context>(
  options: RouteOptions,
  handle: CallerHandler<Context>,
  request: Request,
  context: Context,
  caller: Caller | undefined,
): MaybePromise<Response> {
  if (caller && request.method !== "GET" && request.method !== "HEAD") {
    const actor = caller.personId ? personActor(caller.personId) : keyActor(caller.keyId);
    return actingAs(actor, () => handleAs(options, handle, request, context, caller));
  }
  return handleAs(options, handle, request, context, caller);
}

function handleAs<Context>(
  options: RouteOptions,
  handle: CallerHandler<Context>,
  request: Request,
  context: Context,
  caller: Caller | undefined,
): MaybePromise<Response> {
  return options.idempotent && caller
    ? runIdempotently(request, caller, (replayable, write) => handle(replayable, context, caller, write))
    : handle(request, context, caller, unrecordedWrite);
}

/** One request through apiRoute: counted in on arrival, out once answered, then logged. */
class Exchange {
  readonly started = performance.now();
  readonly leave = enterRequest();
  readonly requestId: string;
  caller: Caller | undefined;
  limitHeaders: Readonly<Record<string, string>> | undefined;

  constructor(readonly request: Request) {
    this.requestId = requestIdOf(request);
  }

  /**
   * What the handler (or a check before it) threw, as the JSON error it stands for; a
   * client that hung up is no fault of ours: 499, no error logged (./client-abort.ts).
   */
  refused(error: unknown): Response {
    if (error instanceof InsufficientScopeError) this.caller = error.caller;
    if (!(error instanceof ApiError) && isClientAbort(error, this.request)) return clientClosedResponse();
    return errorResponse(toApiError(error, this.requestId));
  }

  finish(options: RouteOptions, response: Response): Response {
    this.leave();
    // A handler's own fields win; the route's declared ones over the RateLimit fields.
    if (options.headers) addMissing(response.headers, options.headers);
    if (this.limitHeaders) addMissing(response.headers, this.limitHeaders);
    response.headers.set("X-Request-Id", this.requestId);
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", API_CACHE_CONTROL);
    logAnswer(this.request, response, this.requestId, this.caller, this.started, options.route);
    return response;
  }
}

function authenticateLimited(request: Request, scope: Scope | undefined): MaybePromise<Caller> {
  refuseBlockedAddress(request);
  try {
    const caller = authenticate(request, scope);
    return caller instanceof Promise ? caller.catch((error: unknown) => refuse(request, error)) : caller;
  } catch (error) {
    return refuse(request, error);
  }
}

/** A wrong key counts toward its address's failed-authentication limit. */
async function refuse(request: Request, error: unknown): Promise<never> {
  if (error instanceof InvalidKeyError) throw await countAuthFailure(request, error);
  throw error;
}

function addMissing(headers: Headers, fields: Readonly<Record<string, string>>): void {
  for (const name in fields) if (!headers.has(name)) headers.set(name, fields[name]!);
}

function logAnswer(
  request: Request,
  response: Response,
  requestId: string,
  caller: Caller | undefined,
  started: number,
  route: string | undefined,
): void {
  const record: RequestRecord = {
    method: request.method,
    path: pathnameOf(request.url),
    route,
    status: response.status,
    durationMs: performance.now() - started,
    requestId,
    // The accepted key's id (never the key); a refused one may be someone's typo of a real key.
    keyId: caller?.keyId,
  };
  const bytes = bodyBytesOf(response);
  if (typeof bytes === "number") {
    record.bytes = bytes;
    logRequest(record);
  } else
    void bytes.then(
      (size) => logRequest({ ...record, bytes: size }),
      () => logRequest(record),
    );
}

export function jsonResponse(body: unknown, status = 200, headers?: Readonly<Record<string, string>>): Response {
  if (typeof body !== "object" || body === null || !Object.isFrozen(body))
    return Response.json(body, { status, headers });
  const text = encodedOnce(body, () => (Array.isArray(body) ? joinedItems(body) : JSON.stringify(body)));
  return new Response(text, { status, headers: { ...headers, "Content-Type": "application/json" } });
}

// Frozen answers (remembered store pages) are encoded once (./once-per-frozen.ts).
const encodedOnce = oncePerFrozen<string>();

/**
 * A frozen list's JSON, the same text JSON.stringify makes, from its items' own: a pet the
 * stores share between pages (frozen until it changes) is encoded once, so a page made
 * again after a write is a join of ready text (docs/decisions/227).
 */
function joinedItems(items: readonly unknown[]): string {
  let text = "[";
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    text += (i === 0 ? "" : ",") + (encodedOnce(item, () => JSON.stringify(item)) ?? "null");
  }
  return text + "]";
}

export function errorResponse(error: ApiError): Response {
  return jsonResponse(error.toBody(), error.status, error.headers);
}
