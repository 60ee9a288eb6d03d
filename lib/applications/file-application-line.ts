import { ApplicationRecord } from "@/lib/applications/schemas";
import { asciiBytes, bytesAt, checked, encodeLine } from "@/lib/store/file/line-codec";

/*
 * The journal's application records (format version 7), the application's whole state after
 * a change; the latest line for an id wins (docs/decisions/192):
 *
 *   {"application":12,"reference":"A-7K3P-9QX2","petId":42,"state":"approved","orderId":9,…,
 *    "personal":{"answers":{…},"notes":[…],"emailDigest":"…","statusTokenDigest":"…"},"crc32":"…"}
 *
 * An approval's line sits in the batch of the order it placed (and a withdrawal's beside the
 * order's cancellation), closed by one commit record: the two never disagree after a crash.
 * An erasure's line has no `personal` and an `erasedAt`; the earlier lines that held the
 * answers are then folded away by a compaction at once (decision 192).
 */
const APPLICATION = asciiBytes('{"application":');

/** The record's line; throws UnwritableRecordError for a record decodeApplication would refuse. */
export function encodeApplicationLine(record: ApplicationRecord): string {
  const { id, ...rest } = checkedApplication(record);
  return encodeLine({ application: id, ...rest });
}

/** The record as the reader will read it back (trimmed, lower-cased where the schema says), or UnwritableRecordError. */
export function checkedApplication(record: ApplicationRecord): ApplicationRecord {
  return checked("application", ApplicationRecord, record);
}

export const isApplicationLine = (buf: Buffer, start: number) => bytesAt(buf, start, APPLICATION);

/** The record a parsed application line holds; throws when it is not a valid one. */
export function decodeApplication(fields: Record<string, unknown>): ApplicationRecord {
  const { application, ...rest } = fields;
  return ApplicationRecord.parse({ id: application, ...rest }); // the schema drops `crc32`
}
