import { ApiError } from "./api-error";

/** 405 with the `Allow` header RFC 9110 §15.5.6 requires. */
export function methodNotAllowedError(method: string, allowed: readonly string[]): ApiError {
  const allow = allowed.join(", ");
  return new ApiError(405, "method_not_allowed", `${method} is not allowed here; use ${allow}.`, undefined, {
    Allow: allow,
  });
}

export function pathNotFoundError(): ApiError {
  return new ApiError(404, "not_found", "There is nothing at this path. See /v1/openapi.json for the API.");
}
