import { encodeLine, UnwritableRecordError } from "@/lib/store/file/line-codec";
import { Stay } from "./stay-schemas";
import type { StayChangeEntry } from "./stay-history";
import { stayLineOf } from "./file-stay-decode";

/*
 * The journal's stay records (format version 8) and the snapshot's (version 6): a stay's
 * whole state after a change, the latest line of an id winning. A corrected stay's line also
 * holds its history (./stay-history.ts), reasons included, until retention erases them.
 *
 *   {"stay":3,"petId":7,"intake":{"at":"…","type":"stray",…},"placements":[],"crc32":"…"}
 */

/** A stay as its line holds it. */
export interface StayLine {
  stay: Stay;
  history: StayChangeEntry[];
}

/** The stay as the reader will read it back, or UnwritableRecordError naming the fields that fail (never their values). */
export function checkedStay(stay: Stay): Stay {
  const result = Stay.safeParse(stay);
  if (result.success) return result.data;
  const fields = new Set(result.error.issues.map((issue) => issue.path.join(".")));
  throw new UnwritableRecordError("stay", [...fields].join(", "));
}

/** The line of a stay checkedStay returned, with its history (omitted while there is none). */
export function encodeStayLine(stay: Stay, history: readonly StayChangeEntry[] = []): string {
  const { id, ...rest } = stay;
  return encodeLine({ stay: id, ...rest, ...(history.length > 0 ? { history } : {}) });
}

/**
 * The stay a parsed stay line holds, and its history; throws when it is not a valid one. Checked
 * by hand, not by zod: an open reads every stay (./file-stay-decode.ts, docs/decisions/266).
 */
export function decodeStay(fields: Record<string, unknown>): StayLine {
  return stayLineOf(fields);
}
