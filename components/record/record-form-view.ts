import { ApiError } from "@/lib/api/api-error";

/*
 * The record's forms: the browser's date and time fields to the API's values, and the API's
 * refusals onto the fields they name. The judgement itself is the shared zod schemas' and the
 * server's; these only carry values and messages across.
 */

const pad = (value: number) => String(value).padStart(2, "0");

/** The reader's calendar day, YYYY-MM-DD. */
export function localDay(date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A datetime-local field's value for `date` in the reader's zone: "2026-11-28T14:05". */
export function localMoment(date = new Date()): string {
  return `${localDay(date)}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value (the reader's wall clock) as the API's moment, RFC 3339 in UTC.
 * Anything unreadable goes as typed, so the schema names the problem.
 */
export function momentFromLocal(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) || value.trim() === "" ? value : new Date(ms).toISOString().replace(".000Z", "Z");
}

/** A form's text, trimmed; absent when empty, so optional fields stay out of the body. */
export function optionalText(data: FormData, name: string): string | undefined {
  const value = String(data.get(name) ?? "").trim();
  return value === "" ? undefined : value;
}

export type FieldErrors = Record<string, string>;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A refusal on the fields it names: `fields` maps the API's field paths ("personal.source.name")
 * to the form's control names ("sourceName"); a detail for a field the form has not, and any
 * refusal without details, goes under `form` with the server's own words.
 */
export function errorsOnFields(error: unknown, fields: Record<string, string>, doing: string): FieldErrors {
  if (!(error instanceof ApiError)) return { form: `Could not ${doing}: ${String(error)}` };
  const errors: FieldErrors = {};
  for (const detail of error.details ?? []) {
    const control = fields[detail.field];
    if (control) errors[control] ??= capitalised(detail.message);
    else errors.form ??= `Could not ${doing}: ${detail.field ? `${detail.field} ` : ""}${detail.message}`;
  }
  if (Object.keys(errors).length === 0) errors.form = `Could not ${doing}: ${error.message}`;
  return errors;
}

/** A zod issue list (the client's own check) on the same fields. */
export function issuesOnFields(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fields: Record<string, string>,
  doing: string,
): FieldErrors {
  const details = issues.map((issue) => ({ field: issue.path.map(String).join("."), message: issue.message }));
  return errorsOnFields(new ApiError(400, "invalid_body", "", details), fields, doing);
}
