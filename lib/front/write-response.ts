import type { ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { PlainHeaders } from "./plain-headers";
import { PLAIN_BODY, wholeBodyBytes } from "./plain-response";
import { addSecurityHeaders } from "./security-headers";

type Body = string | Uint8Array | null;

/**
 * Writes a handler's Response to Node in one call: status line, headers and body. A
 * PlainResponse (every response inside the front server's bundle) is written at once, its
 * body as is; any other Response is read whole first (a /v1 body is at most a page of pets
 * or the OpenAPI document), so only then is there a promise to wait for. Only the headers
 * the Response has are sent, so a bodiless 204 claims no Content-Type, plus the static
 * security headers Next adds under `next start` (./security-headers.ts). A PlainResponse's
 * stream (a large export) is written as it comes, without a length.
 */
export function writeResponse(response: Response, outgoing: ServerResponse): void | Promise<void> {
  if (PLAIN_BODY in response) {
    const body = (response as unknown as { [PLAIN_BODY]: Body | ReadableStream<Uint8Array> })[PLAIN_BODY];
    if (body instanceof ReadableStream) return writeStreamed(response, body, outgoing);
    writeWhole(response, body, outgoing);
    return;
  }
  if (!response.body) return writeWhole(response, null, outgoing);
  return response.arrayBuffer().then((bytes) => writeWhole(response, new Uint8Array(bytes), outgoing));
}

function writeWhole(response: Response, body: Body, outgoing: ServerResponse): void {
  const headers = nodeHeadersOf(response.headers);
  addSecurityHeaders(headers);
  if (body !== null) headers["content-length"] = String(wholeBodyBytes(response, body));
  outgoing.writeHead(response.status, headers);
  outgoing.end(body ?? undefined);
}

async function writeStreamed(response: Response, body: ReadableStream<Uint8Array>, outgoing: ServerResponse) {
  const headers = nodeHeadersOf(response.headers);
  addSecurityHeaders(headers);
  outgoing.writeHead(response.status, headers);
  try {
    await pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>), outgoing);
  } catch (error) {
    // The client went away: the stream was cancelled, and there is no one left to answer.
    if ((error as NodeJS.ErrnoException).code !== "ERR_STREAM_PREMATURE_CLOSE") throw error;
  }
}

function nodeHeadersOf(fields: Headers): Record<string, string | string[]> {
  if (fields instanceof PlainHeaders) return fields.toNodeHeaders();
  const headers: Record<string, string | string[]> = {};
  fields.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = fields.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  return headers;
}
