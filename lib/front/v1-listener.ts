import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { MaybePromise } from "@/lib/maybe-promise";
import { drainIncoming } from "./drain-incoming";
import { incomingRequest } from "./incoming-request";
import { internalErrorResponse, requestErrorResponse } from "./request-error-response";
import { InvalidTargetError } from "./request-url";
import { serveV1 } from "./serve-v1";
import { writeResponse } from "./write-response";

/**
 * The front server's Node listener for /v1: the request as a Request view of Node's
 * (./incoming-request.ts), the handler's answer written in one call, then whatever body
 * nobody read is drained so the connection can carry the next request. An answer at hand
 * is written in the same turn, without a promise (lib/maybe-promise.ts). A target or Host
 * that makes no URL is the JSON 400; a fault in writing an answer closes the connection,
 * as a half-written answer cannot be taken back.
 */
export function v1Listener(defaultHost: string): (incoming: IncomingMessage, outgoing: ServerResponse) => void {
  return (incoming, outgoing) => {
    let request: Request;
    try {
      request = incomingRequest(incoming, outgoing, defaultHost);
    } catch (error) {
      if (error instanceof InvalidTargetError) answer(requestErrorResponse(), incoming, outgoing);
      else fail(error, outgoing);
      return;
    }
    let served: MaybePromise<Response>;
    try {
      served = serveV1(request);
    } catch (error) {
      fail(error, outgoing);
      return;
    }
    if (served instanceof Promise)
      served.then(
        (response) => answer(response, incoming, outgoing),
        (error: unknown) => fail(error, outgoing),
      );
    else answer(served, incoming, outgoing);
  };
}

function answer(response: Response, incoming: IncomingMessage, outgoing: ServerResponse): void {
  try {
    const written = writeResponse(response, outgoing);
    if (written)
      written.then(
        () => drainIncoming(incoming),
        (error: unknown) => fail(error, outgoing),
      );
    else drainIncoming(incoming);
  } catch (error) {
    fail(error, outgoing);
  }
}

/** The JSON 500 when nothing was sent yet; otherwise the connection is cut. */
function fail(error: unknown, outgoing: ServerResponse): void {
  console.error("Pet Store: a /v1 answer could not be written:", error);
  if (outgoing.headersSent) {
    outgoing.destroy();
    return;
  }
  try {
    const written = writeResponse(internalErrorResponse(), outgoing);
    if (written) written.catch(() => outgoing.destroy());
  } catch {
    outgoing.destroy();
  }
}
