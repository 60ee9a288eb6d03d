import "server-only";
import type * as z from "zod";
import { ListParams } from "@/lib/pets/list-params";
import { ApiError } from "./api-error";
import type { ErrorDetail } from "./errors";
import { describeFieldErrors, fieldErrorsOf } from "./field-errors";

/**
 * Parses a request URL's search params against a strict zod object; repeated or unknown
 * ones are a 400 (docs/decisions/002). Accepts `request.url` as it is, so the hot path
 * parses no URL: clients repeat a few short queries (`?limit=20`, `?status=available`)
 * endlessly, so each schema remembers the answers to the last short queries it accepted
 * (docs/decisions/111). The schema stays the one rule; the memo only saves running it again.
 */
export function parseSearchParams<Schema extends z.ZodType>(url: string | URL, schema: Schema): z.output<Schema> {
  const search = typeof url === "string" ? searchOf(url) : url.search.slice(1);
  const answers = memo.get(schema) ?? new Map<string, unknown>();
  if (answers.has(search)) return answers.get(search) as z.output<Schema>;
  const parsed = Object.freeze(parseQuery(new URLSearchParams(search), schema)) as z.output<Schema>;
  if (search.length <= MEMO_QUERY_MAX) {
    if (answers.size >= MEMO_ENTRIES_MAX) answers.clear();
    answers.set(search, parsed);
    memo.set(schema, answers);
  }
  return parsed;
}

const MEMO_QUERY_MAX = 64; // longer ones carry cursors, which are rarely sent twice
const MEMO_ENTRIES_MAX = 256;
const memo = new WeakMap<z.ZodType, Map<string, unknown>>();

function parseQuery<Schema extends z.ZodType>(params: URLSearchParams, schema: Schema): z.output<Schema> {
  const raw = new Map<string, string>();
  const repeated = new Set<string>();
  for (const [name, value] of params) {
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

/** The query of an absolute URL without its `?` (request.url never has a fragment, but one is cut). */
function searchOf(url: string): string {
  const start = url.indexOf("?");
  if (start < 0) return "";
  const end = url.indexOf("#", start);
  return url.slice(start + 1, end < 0 ? undefined : end);
}

/** listPets' query: limit, status and cursor. */
export const parseListParams = (url: string | URL): ListParams => parseSearchParams(url, ListParams);

function invalidQuery(details: ErrorDetail[]): ApiError {
  return new ApiError(400, "invalid_query", `Invalid query: ${describeFieldErrors(details)}.`, details);
}
