import type { TrustedProxies } from "./trusted-proxies";

/**
 * The header start-up writes on every request (lib/rate-limit/stamp-client-address.ts, and
 * the front server's own request view): the client address, worked out from the connection
 * and PETSTORE_TRUSTED_PROXIES. Whatever a client sends under this name is replaced.
 */
export const CLIENT_ADDRESS_HEADER = "x-petstore-client-address";

/**
 * The address failed authentications are counted against (docs/decisions/125): the
 * connection's peer, unless that peer is a trusted proxy; then X-Forwarded-For is read
 * from the right, past every trusted proxy, and the first other entry is the client.
 */
export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | null | undefined,
  trusted: TrustedProxies,
): string {
  let client = normalise(peer ?? "");
  if (!client) return "unknown";
  if (trusted.entries.length === 0 || !forwardedFor) return client;
  const hops = forwardedFor.split(",");
  for (let index = hops.length - 1; index >= 0 && trusted.has(client); index--) {
    const hop = normalise(hops[index]!.trim());
    if (!hop) break;
    client = hop;
  }
  return client;
}

/** The address apiRoute counts failed authentications against; "unknown" when none was stamped. */
export function clientAddressOf(request: Request): string {
  return request.headers.get(CLIENT_ADDRESS_HEADER) || "unknown";
}

// An IPv4 client of a dual-stack socket shows as ::ffff:a.b.c.d; one address, one bucket.
function normalise(address: string): string {
  const plain = address.startsWith("::ffff:") && address.includes(".") ? address.slice(7) : address;
  return plain.slice(0, 64);
}
