import "server-only";
import { apiRoute } from "./api-route";
import { methodNotAllowedError, pathNotFoundError } from "./method-errors";

/**
 * The answer to every method a path does not serve: the JSON 405 with `Allow`. `route` is the
 * path's pattern, which the access log names the refusal by.
 */
export function methodNotAllowed(allowed: readonly string[], route?: string) {
  return apiRoute({ auth: "public", route }, (request) => {
    throw methodNotAllowedError(request.method, allowed);
  });
}

/** OPTIONS: which methods a path serves, without a key (it discloses nothing about pets). */
export function allowedMethods(allowed: readonly string[], route?: string) {
  const headers = { Allow: allowed.join(", ") };
  return apiRoute({ auth: "public", route }, () => new Response(null, { status: 204, headers }));
}

/** Any method on a path /v1 does not have. */
export const notFound = apiRoute({ auth: "public" }, () => {
  throw pathNotFoundError();
});
