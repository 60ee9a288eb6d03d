import { ageGroupOf } from "./age-group";
import type { AgeGroup, GoodWithTarget, PetProfile, PetSex, PetSize } from "./schemas";

/**
 * What adopters narrow a listing by, beside status and category (issue 24): a name search
 * and the profile's fields. Every field given must match; a pet whose profile leaves a
 * field out does not match a filter on it (unknown is not "yes").
 */
export interface PetFilter {
  /** Part of the name, any case. */
  q?: string;
  sex?: PetSex;
  size?: PetSize;
  ageGroup?: AgeGroup;
  /** Each of these answered "yes". */
  goodWith?: GoodWithTarget[];
  /**
   * Only listed pets (true) or only unlisted ones (false), docs/decisions/215: the adopters'
   * pages and `GET /v1/pets` ask for listed ones unless told otherwise; undefined is both.
   */
  listed?: boolean;
}

/** The filter of an adopters' listing: theirs, and only listed animals. */
export const forAdopters = (filter: PetFilter | undefined): PetFilter => ({ ...filter, listed: true });

/** Whether a pet whose `listed` is as stored (false or absent) is in the filter's listing. */
export const listingMatches = (listed: false | undefined, filter: PetFilter): boolean =>
  filter.listed === undefined || filter.listed === (listed !== false);

export const isEmptyFilter = (filter: PetFilter | undefined): boolean =>
  !filter || Object.values(filter).every((value) => value === undefined);

/** Whether a profile matches the filter's profile fields (not `q`); `today` is YYYY-MM-DD. */
export function profileMatches(profile: PetProfile | undefined, filter: PetFilter, today: string): boolean {
  const { sex, size, ageGroup, goodWith } = filter;
  if (sex === undefined && size === undefined && ageGroup === undefined && !goodWith?.length) return true;
  if (!profile) return false;
  if (sex !== undefined && profile.sex !== sex) return false;
  if (size !== undefined && profile.size !== size) return false;
  if (ageGroup !== undefined && (!profile.birthDate || ageGroupOf(profile.birthDate, today) !== ageGroup)) return false;
  return !goodWith || goodWith.every((target) => profile.goodWith?.[target] === "yes");
}

/** Whether a name holds `q`, ignoring case; both stores fold case with the same simple rule. */
export const nameMatches = (name: string, q: string | undefined): boolean =>
  q === undefined || name.toLowerCase().includes(q.toLowerCase());

/**
 * The filter as short text, the same for the same filter whatever the order it was given
 * in: page memos key on it and cursors bind it (a cursor pages only its own listing).
 * Ids given (`GET /v1/pets?id=`) are part of the listing too.
 */
export function filterKey(filter: PetFilter | undefined, ids?: readonly number[]): string {
  const text = filterText(filter, ids);
  return text && fnv1a(text).toString(36);
}

/** The filter and ids in full, "" for none: where a hash's collision would matter (a cache key). */
export function filterText(filter: PetFilter | undefined, ids?: readonly number[]): string {
  if (isEmptyFilter(filter) && !ids) return "";
  const { q, sex, size, ageGroup, goodWith, listed } = filter ?? {};
  const key: unknown[] = [q, sex, size, ageGroup, goodWith && [...goodWith].sort(), ids];
  // Appended only when given, so cursors issued before `listed` existed keep their key.
  if (listed !== undefined) key.push(listed);
  return JSON.stringify(key);
}

/** FNV-1a, 32 bits: short and stable; a cursor check, not a secret. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) {
    hash ^= char.codePointAt(0) as number;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}
