import "server-only";
import { apiRoute, type RouteHandler } from "@/lib/api/api-route";
import { methodNotAllowed, refusalAllowList } from "@/lib/api/method-routes";
import type { RouteModule } from "./v1-route-table";

/** The methods Next lets a route file export (Next's route handler docs). */
export const ROUTE_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"] as const;

type Handler = RouteHandler<unknown>;

// A module's exports never change, so each is read once.
const exportsOf = new WeakMap<RouteModule, Map<string, Handler>>();

/** The handlers a route module exports, by method name. */
export function exportedMethods(module: RouteModule): Map<string, Handler> {
  const known = exportsOf.get(module);
  if (known) return known;
  const handlers = new Map<string, Handler>();
  exportsOf.set(module, handlers);
  for (const method of ROUTE_METHODS) {
    const handler = module[method];
    if (typeof handler === "function") handlers.set(method, handler as Handler);
  }
  return handlers;
}

/**
 * The handler for `method`, following the rules Next documents for route handlers, so
 * that what a route file exports is what both servers serve: an exported method runs
 * as is; HEAD falls back to GET (the HTTP layer drops the body); OPTIONS, when not
 * exported, answers 204 with an Allow header naming the exported methods.
 *
 * Where Next answers with an empty body (a method the file does not export: empty 405;
 * one Next does not know, such as TRACE: empty 400 or a plain-text 500), the front server
 * answers as the route itself refuses methods: a route that answers every method alike
 * (the /v1 catch-all's 404) answers this one too; otherwise the route's own JSON 405
 * with its Allow header (docs/decisions/061-front-server-method-rules.md).
 */
export function handlerFor(module: RouteModule, method: string): Handler {
  const handlers = exportedMethods(module);
  const exported = handlers.get(method);
  if (exported) return exported;
  const get = handlers.get("GET");
  if (method === "HEAD" && get) return get;
  if (method === "OPTIONS") return automaticOptions(handlers);
  return refusal(handlers);
}

function automaticOptions(handlers: Map<string, Handler>): Handler {
  const allow = new Set(["OPTIONS", ...handlers.keys()]);
  if (allow.has("GET")) allow.add("HEAD");
  const headers = { Allow: [...allow].sort().join(", ") };
  return () => new Response(null, { status: 204, headers });
}

function refusal(handlers: Map<string, Handler>): Handler {
  const distinct = new Set(handlers.values());
  if (distinct.size === 1 && handlers.size === ROUTE_METHODS.length) return [...distinct][0]!;
  for (const handler of distinct) if (refusalAllowList(handler)) return handler;
  const allow = new Set(handlers.keys());
  if (allow.has("GET")) allow.add("HEAD");
  allow.add("OPTIONS");
  return methodNotAllowed(ROUTE_METHODS.filter((method) => allow.has(method)));
}

/** Turns a fault of the front server's own into the API's JSON 500, like any handler's. */
export function internalError(error: unknown): Handler {
  return apiRoute({ auth: "public" }, () => {
    throw error;
  });
}
