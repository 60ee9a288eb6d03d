import * as z from "zod";
import { PetStatus, StatusReason } from "@/lib/pets/schemas";
import { asciiBytes, bytesAt, checked, encodeLine } from "@/lib/store/file/line-codec";

/*
 * The journal's status-change records (format version 5): staff corrected a pet's status
 * (PATCH /v1/pets/{petId}, docs/decisions/155), with why:
 *
 *   {"petStatus":42,"from":"pending","status":"available","reason":"…","at":"…","crc32":"…"}
 *
 * Replaying one moves the pet to `status`. The snapshot keeps each pet's status; the
 * reasons stay in the journals until a compaction folds them (decision 155 says why).
 */
const PET_STATUS = asciiBytes('{"petStatus":');

export interface StatusChange {
  petId: number;
  from: PetStatus;
  status: PetStatus;
  reason: string;
  at: string;
}

const Line = z.object({
  petStatus: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  from: PetStatus,
  status: PetStatus,
  reason: StatusReason,
  at: z.iso.datetime(),
});

export function encodeStatusChangeLine({ petId, from, status, reason, at }: StatusChange): string {
  return encodeLine(checked("status change", Line, { petStatus: petId, from, status, reason, at }));
}

export const isStatusChangeLine = (buf: Buffer, start: number) => bytesAt(buf, start, PET_STATUS);

export function decodeStatusChange(fields: Record<string, unknown>): StatusChange {
  const { petStatus, ...rest } = Line.parse(fields);
  return { petId: petStatus, ...rest };
}
