import "server-only";
import { ListQuery } from "../pets/list-query";
import { ApiError } from "./errors";
import { describeFieldErrors, fieldErrorsOf } from "./field-errors";

/**
 * Parses listPets' query string. A repeated parameter is refused rather than resolved by
 * a first-wins or last-wins rule the client cannot see; unknown parameters are refused
 * so a typo (`stauts=sold`) is not silently answered with every pet.
 */
export function parseListQuery(url: URL): ListQuery {
  const raw: Record<string, string> = {};
  const repeated: string[] = [];
  for (const [name, value] of url.searchParams) {
    if (Object.hasOwn(raw, name)) repeated.push(name);
    else raw[name] = value;
  }
  if (repeated.length > 0) {
    const details = [...new Set(repeated)].map((field) => ({ field, message: "must be given at most once" }));
    throw invalidQuery(details);
  }
  const parsed = ListQuery.safeParse(raw, { reportInput: true });
  if (!parsed.success) throw invalidQuery(fieldErrorsOf(parsed.error, "is not a known parameter"));
  return parsed.data;
}

function invalidQuery(details: { field: string; message: string }[]): ApiError {
  return new ApiError(400, "invalid_query", `Invalid query: ${describeFieldErrors(details)}.`, details);
}
