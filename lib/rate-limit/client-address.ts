/**
 * The address failed authentications are counted against: the last X-Forwarded-For
 * entry, which `next start` fills from the socket when the request has none, and which a
 * proxy in front appends. A client talking to `next start` directly can send its own
 * header; docs/decisions/091 says why that is accepted and how to deploy.
 */
export function clientAddressOf(request: Request): string {
  const forwarded = request.headers.get("x-forwarded-for") ?? "";
  const last = forwarded.slice(forwarded.lastIndexOf(",") + 1).trim();
  return last.slice(0, 64) || "unknown";
}
