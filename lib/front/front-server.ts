import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { takeOriginForm } from "./absolute-target";
import { answerClientError } from "./client-error-answer";
import { isClosing, trackConnections } from "./close-gracefully";
import { foreignTargetResponse } from "./request-error-response";
import { limitConnections, serverOptionsOf, type ServerLimits } from "./server-limits";
import { writeResponse } from "./write-response";

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The front server's HTTP server around `listener`: the slow-client limits
 * (./server-limits.ts), parse errors answered with the JSON Error body
 * (./client-error-answer.ts), absolute-form targets served as their path or refused
 * (./absolute-target.ts), and, once a stop began, every answer closing its connection
 * (./close-gracefully.ts).
 */
export function createFrontServer(limits: ServerLimits, listener: Listener): Server {
  const server: Server = createServer(serverOptionsOf(limits), (request, response) => {
    if (isClosing(server)) response.shouldKeepAlive = false;
    if (takeOriginForm(request)) listener(request, response);
    else refuseForeignTarget(response);
  });
  limitConnections(server, limits);
  trackConnections(server);
  server.on("clientError", answerClientError);
  return server;
}

/** The JSON 400 for an absolute-form target naming another host; also under `next start` (lib/front/method-guard.ts). */
export function refuseForeignTarget(response: ServerResponse): void {
  // Its body, if any, is never read: the connection closes after the answer.
  response.shouldKeepAlive = false;
  void writeResponse(foreignTargetResponse(), response);
}
