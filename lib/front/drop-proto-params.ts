/**
 * Next's router rebuilds a route handler's query from a plain object, where assigning
 * `__proto__` is a no-op, so under Next a `__proto__` parameter never reaches the
 * handler (tests/api/list.test.ts). The front server drops it too, so both answer alike.
 */
export function dropProtoParams(request: Request): Request {
  // Cheap tests first: almost no query holds "proto", plainly or escaped.
  const query = request.url.indexOf("?");
  if (query < 0) return request;
  const text = request.url.slice(query);
  if (!/proto|%/i.test(text) || !/proto/i.test(decodeSafely(text))) return request;
  const url = new URL(request.url);
  if (!url.searchParams.has("__proto__")) return request;
  url.searchParams.delete("__proto__");
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers: request.headers,
    body: hasBody ? request.body : undefined,
    ...(hasBody ? { duplex: "half" } : {}),
    signal: request.signal,
  } as RequestInit);
}

function decodeSafely(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
