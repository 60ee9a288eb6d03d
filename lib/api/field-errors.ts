import type * as z from "zod";
import type { ErrorDetail } from "./errors";

/** Fields a client must never send, with the reason it is told. */
// A Map, not an object literal: a client-sent key such as "__proto__" must not find a prototype.
const SERVICE_ASSIGNED = new Map([["id", "is assigned by the service and must not be sent"]]);

/**
 * One detail per offending field, first problem first, so a message reads
 * "name must not be empty; categoryId must be an integer" rather than a zod dump.
 */
export function fieldErrorsOf(error: z.ZodError, unknownMessage = "is not a known field"): ErrorDetail[] {
  const details = new Map<string, string>();
  for (const issue of error.issues) {
    if (issue.code === "unrecognized_keys") {
      // Nested ones (an unknown member of a pet patch's goodWith) are named with their path.
      for (const key of issue.keys) {
        details.set([...issue.path, key].join("."), SERVICE_ASSIGNED.get(key) ?? unknownMessage);
      }
      continue;
    }
    // A nested field is named by its path ("answers.email"), so a client knows which one it
    // is; a list's member by the list ("scopes", not "scopes.1"), as it always was.
    const field = fieldPathOf(issue.path);
    if (!details.has(field)) details.set(field, messageOf(issue));
  }
  return [...details].map(([field, message]) => ({ field, message }));
}

function fieldPathOf(path: readonly PropertyKey[]): string {
  const firstIndex = path.findIndex((segment) => typeof segment === "number");
  return (firstIndex === -1 ? path : path.slice(0, firstIndex)).map(String).join(".");
}

function messageOf(issue: z.core.$ZodIssue): string {
  // Absent required fields report as a type mismatch against undefined (parse with reportInput).
  if (issue.code === "invalid_type" && issue.input === undefined) return "is required";
  return issue.message;
}

export function describeFieldErrors(details: ErrorDetail[]): string {
  return details.map(({ field, message }) => (field ? `${field} ${message}` : message)).join("; ");
}
