// Echo a caller's id so its logs and ours line up, but only a tame one: anything longer or
// stranger could smuggle text into log lines or response headers.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdOf(request: Request): string {
  return requestIdFrom(request.headers.get("x-request-id"));
}

/** The caller's X-Request-Id if it is tame, else a new one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
}
