import { promisify } from "node:util";
import { gzip } from "node:zlib";

const gzipAsync = promisify(gzip);

// The threshold of the `compression` middleware Next applies under `next start`.
const MIN_BYTES = 1024;

/**
 * Next compresses what it serves when the client accepts gzip, unless the response says
 * `no-transform`. Every /v1 answer says so (docs/decisions/004) except the OpenAPI
 * document, which Next sends gzipped; the front server does the same for it.
 */
export function gzipIfAccepted(request: Request, response: Response): Response | Promise<Response> {
  if (/\bno-transform\b/i.test(response.headers.get("cache-control") ?? "")) return response;
  if (!response.body || request.method === "HEAD" || response.headers.has("content-encoding")) return response;
  return compressed(request, response);
}

async function compressed(request: Request, response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.append("Vary", "Accept-Encoding");
  const body = new Uint8Array(await response.arrayBuffer());
  if (!acceptsGzip(request.headers.get("accept-encoding")))
    return new Response(body, { status: response.status, headers });
  if (body.byteLength < MIN_BYTES) return new Response(body, { status: response.status, headers });
  headers.set("Content-Encoding", "gzip");
  headers.delete("Content-Length");
  return new Response(new Uint8Array(await gzipAsync(body)), { status: response.status, headers });
}

function acceptsGzip(header: string | null): boolean {
  if (!header) return false;
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return (coding === "gzip" || coding === "*") && (q === undefined || Number(q.slice(2)) > 0);
  });
}
