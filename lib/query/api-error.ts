/** One field's complaint from a 400 body's `details`; `field` is "" for the body as a whole. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** An Error body from /v1 (`{code, message, status, details?}`), as a throwable. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldProblem[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Turns a failed response into an ApiError, whatever its body looks like. Checked by hand
 * rather than with the zod ErrorBody schema: sign-in uses this too, and keeping zod out of
 * that first screen's bundle is worth these few lines.
 */
export async function toApiError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const message = typeof body?.message === "string" ? body.message : `The API answered ${response.status}`;
  const code = typeof body?.code === "string" ? body.code : "http_error";
  const details = Array.isArray(body?.details)
    ? body.details.filter(
        (item): item is FieldProblem => typeof item?.field === "string" && typeof item?.message === "string",
      )
    : [];
  return new ApiError(response.status, code, message, details);
}
