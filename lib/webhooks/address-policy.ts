import { BlockList, isIP } from "node:net";
import { parseTrustedProxies } from "@/lib/rate-limit/trusted-proxies";

/**
 * Which addresses a delivery may connect to (docs/decisions/166). By default only public
 * ones: every special-purpose range of the IANA registries (loopback, private, link-local
 * with its cloud metadata address, carrier-grade NAT, documentation, multicast, 6to4 and
 * other tunnels that can carry a private address) is refused. An operator allows private
 * ranges with PETSTORE_WEBHOOK_ALLOW_PRIVATE: `all`, or a CIDR list.
 */
export interface AddressPolicy {
  allows(address: string): boolean;
  /** How the policy reads, for a refusal's message ("public addresses only"…). */
  readonly description: string;
  /** The PETSTORE_WEBHOOK_ALLOW_PRIVATE value it was made from: the sending thread makes it again from that. */
  readonly setting: string;
}

const NOT_PUBLIC_V4 = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.0.2.0/24",
  "192.88.99.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "198.51.100.0/24",
  "203.0.113.0/24",
  "224.0.0.0/4",
  "240.0.0.0/4",
];

/*
 * IPv6 forms that carry an IPv4 address (docs/decisions/210): IPv4-mapped addresses
 * (::ffff:0:0/96, in either spelling) are judged by the IPv4 rules, BlockList maps them
 * itself. The others are refused whole, whatever they carry: IPv4-compatible (::/96,
 * deprecated since 2006; `::` and `::1` are in it), IPv4-translated (SIIT, ::ffff:0:0:0/96),
 * NAT64 (64:ff9b::/96 and the local 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32,
 * within 2001::/23). None has a use a shelter's webhook receiver needs, and judging each by
 * the address it carries would trust a translator we do not run.
 */
const NOT_PUBLIC_V6 = [
  "::/96",
  "::ffff:0:0:0/96",
  "64:ff9b::/96",
  "64:ff9b:1::/48",
  "100::/64",
  "2001::/23",
  "2001:db8::/32",
  "2002::/16",
  "fc00::/7",
  "fe80::/10",
  "ff00::/8",
];

const notPublic = new BlockList();
for (const range of NOT_PUBLIC_V4) addRange(notPublic, range, "ipv4");
for (const range of NOT_PUBLIC_V6) addRange(notPublic, range, "ipv6");

function addRange(list: BlockList, range: string, type: "ipv4" | "ipv6"): void {
  const [address, prefix] = range.split("/");
  list.addSubnet(address!, Number(prefix), type);
}

/** An IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) is judged as the IPv4 address it carries. */
function unmapped(address: string): string {
  const match = /^::ffff:([0-9.]+)$/i.exec(address);
  return match && isIP(match[1]!) === 4 ? match[1]! : address;
}

/** True for an address on the public internet. */
export function isPublicAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return false;
  return !notPublic.check(plain, family === 4 ? "ipv4" : "ipv6");
}

/** The policy for PETSTORE_WEBHOOK_ALLOW_PRIVATE's value ("" public only, "all", or CIDRs), or the reason it is bad. */
export function parseAddressPolicy(value: string): AddressPolicy | { error: string } {
  const text = value.trim();
  if (text === "") return { allows: isPublicAddress, description: "public addresses only", setting: text };
  if (/^(all|true|1)$/i.test(text)) {
    return { allows: (address) => isIP(unmapped(address)) !== 0, description: "any address", setting: text };
  }
  const allowed = parseTrustedProxies(text);
  if ("error" in allowed) return allowed;
  return {
    allows: (address) => isPublicAddress(address) || allowed.has(unmapped(address)),
    description: `public addresses and ${allowed.entries.join(", ")}`,
    setting: text,
  };
}
