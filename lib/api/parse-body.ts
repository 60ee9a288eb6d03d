import "server-only";
import type * as z from "zod";
import { ApiError } from "./api-error";
import { describeFieldErrors, fieldErrorsOf } from "./field-errors";
import { readJsonBody } from "./read-json-body";

/**
 * Reads a JSON body (of one of `mediaTypes`, else 415) against `schema`: 400 `invalid_body`
 * naming each field, `what` in the message.
 */
export async function parseBody<Schema extends z.ZodType>(
  request: Request,
  schema: Schema,
  what: string,
  mediaTypes?: readonly string[],
): Promise<z.output<Schema>> {
  const parsed = schema.safeParse(await readJsonBody(request, mediaTypes), { reportInput: true });
  if (!parsed.success) {
    const details = fieldErrorsOf(parsed.error);
    throw new ApiError(400, "invalid_body", `Invalid ${what}: ${describeFieldErrors(details)}.`, details);
  }
  return parsed.data;
}
