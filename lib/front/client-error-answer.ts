import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";
import { API_CACHE_CONTROL } from "@/lib/api/cache-control";
import { ApiError } from "@/lib/api/api-error";
import { SECURITY_HEADER_ENTRIES } from "./security-headers";

type ClientError = Error & { code?: string };

/**
 * The server's `clientError` hook: a request Node's parser refused (an unknown method, a
 * malformed request line or header, headers too large) or one whose headers or body took
 * too long gets the API's JSON Error body with an X-Request-Id and the security headers,
 * instead of Node's bare status line; then the connection closes. As Node's own handler
 * does, nothing is written when the socket cannot take it or an answer is already under way.
 */
export function answerClientError(error: ClientError, socket: Duplex): void {
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  socket.end(rawErrorAnswer(refusalOf(error.code)));
  // Closed once written, whether or not the client ever closes its side.
  socket.once("finish", () => socket.destroy());
}

function refusalOf(code: string | undefined): ApiError {
  switch (code) {
    case "HPE_HEADER_OVERFLOW":
      return new ApiError(431, "headers_too_large", "The request headers are too large.");
    case "HPE_CHUNK_EXTENSIONS_OVERFLOW":
      return new ApiError(413, "payload_too_large", "The request's chunk extensions are too large.");
    case "ERR_HTTP_REQUEST_TIMEOUT":
      return new ApiError(408, "request_timeout", "The request did not arrive in time.");
    default:
      return new ApiError(400, "bad_request", "The request is not valid HTTP/1.1.");
  }
}

/** A whole HTTP/1.1 answer as text: the connection has no ServerResponse to write it with. */
export function rawErrorAnswer(error: ApiError): string {
  const body = JSON.stringify(error.toBody());
  const lines = [
    `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status] ?? "Error"}`,
    "Content-Type: application/json",
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${crypto.randomUUID()}`,
    `Cache-Control: ${API_CACHE_CONTROL}`,
    ...SECURITY_HEADER_ENTRIES.map(([name, value]) => `${name}: ${value}`),
    "Connection: close",
  ];
  return `${lines.join("\r\n")}\r\n\r\n${body}`;
}
