import "server-only";
import { ApiError } from "./api-error";
import type { ErrorCode } from "./errors";

/**
 * An id in a path, by the rule parsePetId applies to petId: a positive decimal integer
 * (no sign, leading zero or exponent), else 400 with `code`; one above 2^53-1 can never
 * have been assigned, so it is undefined, which answers 404.
 */
export function parsePathId(text: string, field: string, code: ErrorCode): number | undefined {
  if (!/^[1-9][0-9]*$/.test(text)) {
    throw new ApiError(400, code, `${field} must be a positive integer such as 42.`, [
      { field, message: "must be a positive integer" },
    ]);
  }
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}
