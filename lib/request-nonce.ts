import type { IncomingMessage } from "node:http";

/** The request header through which proxy.ts hands a page its Content-Security-Policy nonce. */
export const NONCE_HEADER = "x-nonce";

/** This request's nonce, for the scripts a Pages Router page renders itself (docs/decisions/107). */
export function requestNonce(request: IncomingMessage | undefined): string | null {
  const nonce = request?.headers[NONCE_HEADER];
  return typeof nonce === "string" ? nonce : null;
}
