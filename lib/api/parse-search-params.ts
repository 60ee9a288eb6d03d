import "server-only";
import type * as z from "zod";
import { ListParams } from "@/lib/pets/list-params";
import { ApiError, type ErrorDetail } from "./errors";
import { describeFieldErrors, fieldErrorsOf } from "./field-errors";

/** Parses a URL's search params against a strict zod object; repeated or unknown ones are a 400 (docs/decisions/002). */
export function parseSearchParams<Schema extends z.ZodType>(url: URL, schema: Schema): z.output<Schema> {
  const raw = new Map<string, string>();
  const repeated = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (raw.has(name)) repeated.add(name);
    else raw.set(name, value);
  }
  if (repeated.size > 0) {
    throw invalidQuery([...repeated].map((field) => ({ field, message: "must be given at most once" })));
  }
  // fromEntries defines own properties, so `?__proto__=x` is an unknown parameter, not a prototype.
  const parsed = schema.safeParse(Object.fromEntries(raw), { reportInput: true });
  if (!parsed.success) throw invalidQuery(fieldErrorsOf(parsed.error, "is not a known parameter"));
  return parsed.data;
}

/** listPets' query: limit, status and cursor. */
export const parseListParams = (url: URL): ListParams => parseSearchParams(url, ListParams);

function invalidQuery(details: ErrorDetail[]): ApiError {
  return new ApiError(400, "invalid_query", `Invalid query: ${describeFieldErrors(details)}.`, details);
}
