import * as z from "zod";
import { PET_PROFILE_FIELDS, PET_STATUSES, type PetProfile, type PetStatus } from "@/lib/pets/schemas";
import { canonicalProfile, hasProfile, listingOf } from "@/lib/pets/apply-patch";
import {
  asciiBytes,
  bytesAt,
  encodeLine,
  isPositiveSafeInteger,
  parseLine,
  UnwritableRecordError,
} from "@/lib/store/file/line-codec";

/** A pet as stored: status is always present on disk; profile fields only when known. */
export interface PetRecord extends PetProfile {
  id: number;
  categoryId: number;
  status: PetStatus;
  name: string;
  /** Present only while staff prepare the pet (docs/decisions/215). */
  listed?: false;
}

/**
 * The pet's line; throws UnwritableRecordError for a pet the reader (validPet) would refuse.
 * Profile fields (journal version 6, snapshot version 4) follow the name, so a pet without
 * them keeps the layout the fast reader expects. `listed: false` comes last, only on an
 * unlisted pet (docs/decisions/215): a reader before it refuses such a line.
 */
export function encodePetLine(pet: PetRecord): string {
  const fields = {
    id: pet.id,
    categoryId: pet.categoryId,
    status: pet.status,
    name: pet.name,
    ...canonicalProfile(pet),
    ...listingOf(pet),
  };
  if (!validPet(fields)) throw new UnwritableRecordError("pet", "id, categoryId, status, name or profile");
  // Fixed member order: readers take a fast path on exactly this layout.
  return encodeLine(fields);
}

const Profile = z.strictObject(PET_PROFILE_FIELDS);
/** A pet line's members that are not the profile's (the checksum is read before this). */
const LINE_KEYS = new Set(["id", "categoryId", "status", "name", "listed", "crc32"]);

/**
 * A pet line as read, valid only until the next line is read. When the name needs no
 * unescaping it is left as UTF-8 bytes, `buf[nameStart, nameEnd)`, and `name` is
 * undefined: opening a million pets then creates no million strings.
 */
export interface PetLine {
  id: number;
  categoryId: number;
  status: PetStatus;
  name: string | undefined;
  buf: Buffer;
  nameStart: number;
  nameEnd: number;
  profile?: PetProfile;
  listed?: false;
}

/** The pet on a verified line, or undefined when the line does not describe a valid pet. */
export function decodePet(buf: Buffer, start: number, bodyEnd: number, end: number): PetLine | undefined {
  return decodeCanonicalPet(buf, start, bodyEnd) ?? validPet(parseLine(buf, start, end));
}

/** The name of a line as a string, for callers that keep it. */
export function nameOf(line: PetLine): string {
  return line.name ?? line.buf.toString("utf8", line.nameStart, line.nameEnd);
}

function validPet(fields: Record<string, unknown>): PetLine | undefined {
  const { id, categoryId, status, name, listed } = fields;
  const rest = Object.fromEntries(Object.entries(fields).filter(([key]) => !LINE_KEYS.has(key)));
  if (!isPositiveSafeInteger(id) || !isPositiveSafeInteger(categoryId)) return undefined;
  if (typeof name !== "string" || name.length === 0) return undefined;
  if (!PET_STATUSES.includes(status as PetStatus)) return undefined;
  if (listed !== undefined && listed !== false) return undefined;
  const line: PetLine = { id, categoryId, status: status as PetStatus, name, buf: EMPTY, nameStart: 0, nameEnd: 0 };
  if (listed === false) line.listed = false;
  if (Object.keys(rest).length === 0) return line;
  const profile = Profile.safeParse(rest);
  if (!profile.success) return undefined;
  if (hasProfile(profile.data)) line.profile = profile.data;
  return line;
}

const EMPTY = Buffer.alloc(0);

const ID = asciiBytes('{"id":');
const CATEGORY = asciiBytes(',"categoryId":');
const STATUS = asciiBytes(',"status":"');
// Each status with the bytes that follow it, up to the name's first character.
const STATUS_BYTES = PET_STATUSES.map((status) => asciiBytes(`${status}","name":"`));
const BACKSLASH = 0x5c;
const QUOTE = 0x22;

/**
 * Reads the layout encodePetLine writes straight from the bytes: opening a million-pet
 * store spends most of its time here, and this is several times faster than JSON.parse.
 * Anything unexpected returns undefined and the caller falls back to JSON.parse.
 */
function decodeCanonicalPet(buf: Buffer, start: number, bodyEnd: number): PetLine | undefined {
  if (!bytesAt(buf, start, ID)) return undefined;
  const id = readDigits(buf, start + ID.length, bodyEnd);
  if (id < 0 || !bytesAt(buf, digitsEnd, CATEGORY)) return undefined;
  const categoryId = readDigits(buf, digitsEnd + CATEGORY.length, bodyEnd);
  if (categoryId < 0 || !bytesAt(buf, digitsEnd, STATUS)) return undefined;
  const statusStart = digitsEnd + STATUS.length;
  const statusIndex = statusAt(buf, statusStart);
  if (statusIndex < 0) return undefined;
  const nameStart = statusStart + (STATUS_BYTES[statusIndex] as number[]).length;
  if (buf[bodyEnd - 1] !== QUOTE || bodyEnd - 1 <= nameStart) return undefined;
  // A short scan of the name only (indexOf would search the whole read buffer). A quote
  // inside means profile fields follow the name (a name's own quotes are escaped).
  for (let at = nameStart; at < bodyEnd - 1; at++) {
    const byte = buf[at];
    if (byte === BACKSLASH || byte === QUOTE) return undefined; // let JSON.parse decode it
  }
  const status = PET_STATUSES[statusIndex] as PetStatus;
  return { id, categoryId, status, name: undefined, buf, nameStart, nameEnd: bodyEnd - 1 };
}

/** The index in PET_STATUSES of the status spelled at `at`, or -1. */
function statusAt(buf: Buffer, at: number): number {
  for (let i = 0; i < STATUS_BYTES.length; i++) {
    const bytes = STATUS_BYTES[i] as number[];
    if (buf[at] === bytes[0] && bytesAt(buf, at, bytes)) return i;
  }
  return -1;
}

/** Where the last readDigits stopped; a module variable spares an object per number. */
let digitsEnd = 0;

/** The positive decimal integer at `start` (no leading zero), or -1. Sets digitsEnd. */
function readDigits(buf: Buffer, start: number, limit: number): number {
  let value = 0;
  let at = start;
  while (at < limit && at - start < 16) {
    const digit = (buf[at] as number) - 0x30;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
    at++;
  }
  digitsEnd = at;
  return at === start || buf[start] === 0x30 || !Number.isSafeInteger(value) ? -1 : value;
}
