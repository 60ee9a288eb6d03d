import { encodeLine, UnwritableRecordError } from "@/lib/store/file/line-codec";
import { Stay } from "./stay-schemas";

/*
 * The journal's stay records (format version 8) and the snapshot's (version 6): a stay's
 * whole state after a change, the latest line of an id winning.
 *
 *   {"stay":3,"petId":7,"intake":{"at":"…","type":"stray",…},"placements":[],"crc32":"…"}
 */

/** The stay as the reader will read it back, or UnwritableRecordError naming the fields that fail (never their values). */
export function checkedStay(stay: Stay): Stay {
  const result = Stay.safeParse(stay);
  if (result.success) return result.data;
  const fields = new Set(result.error.issues.map((issue) => issue.path.join(".")));
  throw new UnwritableRecordError("stay", [...fields].join(", "));
}

/** The line of a stay checkedStay returned. */
export function encodeStayLine(stay: Stay): string {
  const { id, ...rest } = stay;
  return encodeLine({ stay: id, ...rest });
}

/** The stay a parsed stay line holds; throws when it is not a valid one. */
export function decodeStay(fields: Record<string, unknown>): Stay {
  const { stay: id, ...rest } = fields;
  delete rest.crc32;
  return Stay.parse({ id, ...rest });
}
