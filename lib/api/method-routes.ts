import "server-only";
import { apiRoute } from "./api-route";
import { methodNotAllowedError, pathNotFoundError } from "./method-errors";

const REFUSAL = Symbol.for("petstore.methodNotAllowed");

/**
 * Answers for the methods a path does not serve. Next would otherwise reply with an
 * empty 405 (or an HTML 404), and every /v1 answer must be a JSON Error body.
 */
export function methodNotAllowed(allowed: readonly string[]) {
  const refuse = apiRoute({ auth: "public" }, (request) => {
    throw methodNotAllowedError(request.method, allowed);
  });
  // Marked so the front server can answer methods a route file cannot export (TRACE) with it.
  return Object.assign(refuse, { [REFUSAL]: allowed.join(", ") });
}

/** The Allow list of a handler made by methodNotAllowed, or undefined for any other handler. */
export function refusalAllowList(handler: unknown): string | undefined {
  return typeof handler === "function" ? (handler as { [REFUSAL]?: string })[REFUSAL] : undefined;
}

/** OPTIONS: which methods a path serves, without a key (it discloses nothing about pets). */
export function allowedMethods(allowed: readonly string[]) {
  return apiRoute(
    { auth: "public" },
    () => new Response(null, { status: 204, headers: { Allow: allowed.join(", ") } }),
  );
}

/** Any method on a path /v1 does not have. */
export const notFound = apiRoute({ auth: "public" }, () => {
  throw pathNotFoundError();
});
