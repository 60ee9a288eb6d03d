import { canonicalPet } from "./apply-patch";
import { PROFILE_KEYS, type Pet } from "./schemas";

/**
 * A pet's version: the opaque value of its strong ETag (RFC 9110 §8.8.3), a digest of the
 * pet's own fields as the store keeps them (docs/decisions/213). Derived, never stored: both
 * stores already hold the pet inside the write that compares it, so the check costs no read
 * and no migration, and a field added to pets later is covered without a change here.
 * Photos are left out: they are a resource of their own with immutable URLs, and no patch
 * changes them. The staff console computes the same value from a listed pet (this module has
 * no server-only code), so the Edit dialog can send If-Match without another request.
 *
 * Not cryptographic, and need not be: it tells versions of one pet apart (about 2^-100 for a
 * collision), and a caller able to send a patch could as well send none.
 */
export function petVersion(pet: Pet): string {
  // The known fields in their canonical form (an "unknown" goodWith member is no answer),
  // any field added later as it is.
  const added = Object.entries(pet).filter(([field]) => !KNOWN.has(field));
  const text = stableJson({ ...Object.fromEntries(added), ...canonicalPet(pet) });
  return (
    hash53(text, 0x9e3779b9).toString(36).padStart(11, "0") + hash53(text, 0x85ebca6b).toString(36).padStart(11, "0")
  );
}

const KNOWN = new Set<string>(["id", "name", "categoryId", "status", "photos", ...PROFILE_KEYS]);

/** The ETag header value for a pet: its version, quoted. */
export const petEtag = (pet: Pet) => `"${petVersion(pet)}"`;

/** JSON with object keys sorted, so two stores (or a store and a browser) agree on the text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value).filter(([, member]) => member !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, member]) => `${JSON.stringify(key)}:${stableJson(member)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** cyrb53 (public domain): a fast 53-bit string hash with good spread; two seeds give ~106 bits. */
function hash53(text: string, seed: number): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
