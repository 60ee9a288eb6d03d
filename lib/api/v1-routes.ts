import "server-only";
import type { RouteHandler } from "./api-route";
import { allowedMethods, methodNotAllowed } from "./method-routes";
import type { Operation, PathContext } from "./operation";
import { serveOpenApiDocument } from "./openapi-route";
import { V1_OPERATIONS } from "./v1-operations";

export type V1Handler = RouteHandler<PathContext<string>>;

/** One /v1 path and what answers each method there. */
export interface V1Route {
  /** The OpenAPI template: `/pets/{petId}`. */
  readonly template: string;
  /** The methods served, as `Allow` lists them: HEAD with GET, OPTIONS everywhere. */
  readonly methods: readonly string[];
  /** The handler for `method`: an operation's, OPTIONS's, or the path's JSON 405 for any other. */
  handlerFor(method: string): V1Handler;
}

export interface V1Match {
  route: V1Route;
  /** The path's parameters, decoded: `{ petId: "42" }`. */
  params: Record<string, string>;
}

// The order `Allow` names methods in.
const ALLOW_ORDER = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Every path /v1 serves, from the operations declared (the OpenAPI document is served beside them). */
export const V1_ROUTES: readonly V1Route[] = routesOf([...V1_OPERATIONS, serveOpenApiDocument]);

function routesOf(operations: readonly Operation[]): V1Route[] {
  const byPath = new Map<string, Map<string, V1Handler>>();
  for (const operation of operations) {
    const handlers = byPath.get(operation.path) ?? new Map<string, V1Handler>();
    if (handlers.has(operation.method)) throw new Error(`two operations declare ${operation.method} ${operation.path}`);
    byPath.set(operation.path, handlers.set(operation.method, operation.handler as V1Handler));
  }
  return [...byPath].map(([template, served]) => routeOf(template, served));
}

function routeOf(template: string, served: Map<string, V1Handler>): V1Route {
  const handlers = new Map(served);
  const get = served.get("GET");
  if (get) handlers.set("HEAD", get);
  const methods = ALLOW_ORDER.filter((method) => method === "OPTIONS" || handlers.has(method));
  const route = `/v1${template}`;
  handlers.set("OPTIONS", allowedMethods(methods, route));
  const refuse = methodNotAllowed(methods, route);
  return { template, methods, handlerFor: (method) => handlers.get(method) ?? refuse };
}

type Segment = { param: false; text: string } | { param: true; name: string };
interface CompiledRoute {
  route: V1Route;
  segments: Segment[];
}

// A literal segment wins over a parameter, earlier segments first, as Next's router chose
// between app/v1's folders: `/applications/personal-data/erase` over `/applications/{applicationId}/notes`.
const COMPILED: readonly CompiledRoute[] = V1_ROUTES.map((route) => ({
  route,
  segments: route.template
    .slice(1)
    .split("/")
    .map((part): Segment =>
      part.startsWith("{") ? { param: true, name: part.slice(1, -1) } : { param: false, text: part },
    ),
})).sort((a, b) => specificity(b) - specificity(a));

// The same routes, in the same order, by how many segments they have: a path is compared
// only with routes of its length (a few of the hundred, on every request).
const BY_LENGTH: readonly (readonly CompiledRoute[])[] = COMPILED.reduce<CompiledRoute[][]>((lists, compiled) => {
  (lists[compiled.segments.length] ??= []).push(compiled);
  return lists;
}, []);
const NONE: readonly CompiledRoute[] = [];

function specificity({ segments }: CompiledRoute): number {
  return segments.reduce((score, segment, index) => score + (segment.param ? 1 : 2) * 10 ** (8 - index), 0);
}

/**
 * The /v1 route `pathname` (still percent-encoded) belongs to, with its decoded parameters;
 * undefined where /v1 has nothing. One trailing slash is ignored, as next.config.js asks of
 * Next; literal segments compare with the raw path; an empty segment matches nothing.
 */
export function matchV1(pathname: string): V1Match | undefined {
  const known = FIXED_MATCHES.get(pathname);
  if (known) return known;
  if (!pathname.startsWith("/v1/")) return undefined;
  const path = pathname.slice(4).replace(/\/$/, "").split("/");
  for (const { route, segments } of BY_LENGTH[path.length] ?? NONE) {
    const params = matchSegments(segments, path);
    if (!params) continue;
    const match: V1Match = Object.freeze({ route, params });
    // Paths without parameters repeat (`/v1/pets` on most requests): each is matched once.
    if (params === NO_PARAMS && FIXED_MATCHES.size < MAX_FIXED_MATCHES) FIXED_MATCHES.set(pathname, match);
    return match;
  }
  return undefined;
}

// At most every route without parameters, with and without its trailing slash.
const MAX_FIXED_MATCHES = 512;
const FIXED_MATCHES = new Map<string, V1Match>();

function matchSegments(segments: readonly Segment[], path: readonly string[]): Record<string, string> | undefined {
  if (segments.length !== path.length) return undefined;
  let params: Record<string, string> | undefined;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = path[i]!;
    if (part === "") return undefined;
    if (!segment.param) {
      if (part !== segment.text) return undefined;
    } else (params ??= {})[segment.name] = decodeURIComponent(part);
  }
  return params ?? NO_PARAMS;
}

const NO_PARAMS: Record<string, string> = Object.freeze({});

/** The methods served at `pathname`, or undefined when /v1 has nothing there. */
export function methodsServedAt(pathname: string): readonly string[] | undefined {
  return matchV1(pathname)?.route.methods;
}
