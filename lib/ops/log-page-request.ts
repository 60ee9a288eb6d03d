import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { requestIdFrom } from "@/lib/api/request-id";
import { logRequest } from "./log-request";
import { withoutSecrets } from "./route-pattern";

/**
 * Logs a request the front server hands to Next (pages, assets, /healthz, /readyz) once
 * its answer is written: the route pattern only, never the path's query string or a
 * status link's token. Body bytes
 * are counted as written, so a streamed page is measured whole.
 */
export function logPageRequest(request: IncomingMessage, response: ServerResponse): void {
  const started = performance.now();
  let bytes = 0;
  const write = response.write.bind(response) as (chunk: unknown, ...rest: unknown[]) => boolean;
  const end = response.end.bind(response) as (...args: unknown[]) => ServerResponse;
  response.write = ((chunk: unknown, ...rest: unknown[]) => {
    bytes += sizeOf(chunk);
    return write(chunk, ...rest);
  }) as ServerResponse["write"];
  response.end = ((...args: unknown[]) => {
    if (typeof args[0] !== "function") bytes += sizeOf(args[0]);
    return end(...args);
  }) as ServerResponse["end"];
  response.once("finish", () => {
    // Answered by apiRoute (the /auth routes, the gallery's "Show more"), which logged it.
    if (response.hasHeader("x-request-id")) return;
    const url = request.url ?? "/";
    const query = url.search(/[?#]/);
    logRequest({
      method: request.method ?? "GET",
      // The status link's token never leaves here, even into a record that logs only the pattern.
      path: withoutSecrets(query < 0 ? url : url.slice(0, query)),
      status: response.statusCode,
      durationMs: performance.now() - started,
      bytes,
      requestId: requestIdFrom(header(request.headers["x-request-id"])),
    });
  });
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function sizeOf(chunk: unknown): number {
  if (typeof chunk === "string") return Buffer.byteLength(chunk);
  if (chunk instanceof Uint8Array) return chunk.byteLength;
  return 0;
}
