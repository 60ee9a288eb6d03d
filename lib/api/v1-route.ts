import "server-only";
import type { RouteHandler } from "./api-route";
import { allowedMethods, methodNotAllowed } from "./method-routes";

type Served<Context> = {
  GET?: RouteHandler<Context>;
  POST?: RouteHandler<Context>;
  PATCH?: RouteHandler<Context>;
  DELETE?: RouteHandler<Context>;
};

/**
 * Every method export a /v1 route file needs, from the handlers it serves: those handlers,
 * OPTIONS listing `allowed`, and a JSON 405 for every other method Next routes (HEAD
 * follows GET). `allowed` is the path's row in lib/api/v1-methods.ts, which also answers the
 * methods Next cannot route; a handler missing from it, or the reverse, fails at load.
 */
export function v1Route<Context>(allowed: readonly string[], served: Served<Context>) {
  const declared = [
    ...(served.GET ? ["GET", "HEAD"] : []),
    ...(served.POST ? ["POST"] : []),
    ...(served.PATCH ? ["PATCH"] : []),
    ...(served.DELETE ? ["DELETE"] : []),
    "OPTIONS",
  ];
  if (declared.join() !== allowed.join()) {
    throw new Error(`v1Route: handlers serve ${declared.join(", ")} but the methods table says ${allowed.join(", ")}`);
  }
  const notAllowed = methodNotAllowed(allowed);
  return {
    GET: served.GET ?? notAllowed,
    POST: served.POST ?? notAllowed,
    PUT: notAllowed,
    PATCH: served.PATCH ?? notAllowed,
    DELETE: served.DELETE ?? notAllowed,
    OPTIONS: allowedMethods(allowed),
  };
}
