import { BlockList, isIP } from "node:net";

/**
 * PETSTORE_TRUSTED_PROXIES: the proxies whose X-Forwarded-For entries are believed, as
 * addresses or CIDR ranges (`10.0.0.0/8, ::1`). Empty: no proxy is trusted and the client
 * address is the connection's (docs/decisions/125).
 */
export interface TrustedProxies {
  /** The entries as written, normalised; empty when none. */
  readonly entries: readonly string[];
  has(address: string): boolean;
}

/** The entries of a comma-separated list, or the position and reason of the first bad one. */
export function parseTrustedProxies(value: string): TrustedProxies | { error: string } {
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const list = new BlockList();
  for (const [index, entry] of entries.entries()) {
    const [address = "", prefix, extra] = entry.split("/");
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    if (family === 0 || extra !== undefined || (prefix !== undefined && !isPrefix(prefix, bits))) {
      return { error: `entry ${index + 1} is not an IP address or CIDR range (such as 10.0.0.0/8)` };
    }
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return {
    entries,
    has(candidate) {
      const family = isIP(candidate);
      return family !== 0 && list.check(candidate, family === 4 ? "ipv4" : "ipv6");
    },
  };
}

function isPrefix(text: string, bits: number): boolean {
  return /^[0-9]{1,3}$/.test(text) && Number(text) <= bits;
}
