/**
 * The status the access log and the metrics record for a request whose client hung up
 * before its answer: nginx's 499 "client closed request". The answer itself reaches nobody
 * (docs/decisions/135-client-aborts-are-not-server-faults.md).
 */
export const CLIENT_CLOSED_REQUEST = 499;

/**
 * True when a handler failed because its client went away: the request's signal aborted
 * (the connection closed before the answer), or the body read ended with Node's "aborted"
 * reset, which may arrive a moment before the signal does.
 */
export function isClientAbort(error: unknown, request: Request): boolean {
  if (error instanceof Error && error.message === "aborted" && (error as NodeJS.ErrnoException).code === "ECONNRESET")
    return true;
  return request.signal.aborted;
}

/** What apiRoute answers (and logs) for a request its client abandoned. */
export function clientClosedResponse(): Response {
  return new Response(null, { status: CLIENT_CLOSED_REQUEST });
}
