import type { ErrorBody, ErrorCode, ErrorDetail } from "./errors";

/**
 * A code the browser's API client uses for an answer that is not the API's Error body
 * (a proxy's 502 page) or not the shape the API documents. The server never sends it.
 */
export type ClientErrorCode = "unreadable_response";

/**
 * An Error body from /v1 as a throwable, on both sides: the API's handlers throw it to
 * answer deliberately, and the browser's client rebuilds it from a failed response. Only
 * types are imported, so the browser bundle that uses it carries no zod.
 */
export class ApiError<Code extends string = ErrorCode> extends Error {
  constructor(
    readonly status: number,
    readonly code: Code,
    message: string,
    readonly details?: ErrorDetail[],
    readonly headers?: Record<string, string>,
    /** The pet's or order's status now, on a 409 that depends on it. */
    readonly currentStatus?: string,
  ) {
    // An ApiError is an answer, not a fault: nobody reads its stack, and capturing one cost
    // more than the rest of a 404 or 429 (docs/decisions/111). V8 reads the limit here only.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.name = "ApiError";
  }

  /** The JSON Error body, as the API sends it. */
  toBody(): Omit<ErrorBody, "code"> & { code: Code } {
    const body: Omit<ErrorBody, "code"> & { code: Code } = {
      code: this.code,
      message: this.message,
      status: this.status,
    };
    if (this.details) body.details = this.details;
    if (this.currentStatus) body.currentStatus = this.currentStatus;
    return body;
  }
}
