import type { ServerResponse } from "node:http";

/**
 * @hono/node-server gives every response without a Content-Type a `text/plain` one. A
 * bodiless answer (OPTIONS's 204) must not claim a type, and under Next it has none, so
 * for such a response the header is taken out again as the status line is written.
 */
export function keepContentTypeUnset(response: Response, outgoing: ServerResponse): Response {
  if (response.headers.has("content-type")) return response;
  const writeHead = outgoing.writeHead;
  outgoing.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    const headers = args.find((arg) => typeof arg === "object" && arg !== null && !Array.isArray(arg));
    if (headers) delete (headers as Record<string, unknown>)["content-type"];
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
  return response;
}
