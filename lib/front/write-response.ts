import type { ServerResponse } from "node:http";
import { PLAIN_BODY } from "./plain-response";

/**
 * Writes a handler's Response to Node in one call: status line, headers and body. A
 * PlainResponse (every response inside the front server's bundle) hands its body over as
 * is; any other Response is read whole first (a /v1 body is at most a page of pets or the
 * OpenAPI document). Only the headers the Response has are sent, so a bodiless 204 claims
 * no Content-Type.
 */
export async function writeResponse(response: Response, outgoing: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers["set-cookie"] = cookies;
  const body = await bodyOf(response);
  if (body !== null)
    headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
  outgoing.writeHead(response.status, headers);
  outgoing.end(body ?? undefined);
}

async function bodyOf(response: Response): Promise<string | Uint8Array | null> {
  if (PLAIN_BODY in response) return (response as unknown as { [PLAIN_BODY]: string | Uint8Array | null })[PLAIN_BODY];
  return response.body ? new Uint8Array(await response.arrayBuffer()) : null;
}
