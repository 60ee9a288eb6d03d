import { isIP } from "node:net";

/**
 * The unit a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64.
 * One IPv6 subscriber is handed a whole /64 (RFC 6177, RFC 8273), so counting single IPv6
 * addresses gives one client 2^64 fresh budgets. Anything that is not an address ("unknown")
 * is its own group.
 */
export function addressGroup(address: string): string {
  if (isIP(address) !== 6) return address;
  const groups = expandIPv6(address);
  if (groups === null) return address;
  // An IPv4-mapped address (::ffff:a.b.c.d) is one IPv4 client, not a /64.
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part included). */
function expandIPv6(address: string): number[] | null {
  const zone = address.indexOf("%");
  let text = zone === -1 ? address : address.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const bytes = dotted[1]!.split(".").map(Number);
    text = `${text.slice(0, dotted.index)}${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  const missing = 8 - left.length - right.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  return [...left, ...Array<number>(missing).fill(0), ...right];
}
