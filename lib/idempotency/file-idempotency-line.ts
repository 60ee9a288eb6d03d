import * as z from "zod";
import type { StoredResponse } from "@/lib/idempotency/idempotency-store";
import { asciiBytes, bytesAt, checked, encodeLine } from "@/lib/store/file/line-codec";

/*
 * The journal's idempotency records (format version 4), in the batch of the write they
 * answer, so the commit record that makes the pet (order, category) durable makes its
 * answer durable too (docs/decisions/109):
 *
 *   {"idempotency":"k7:8e03…","fingerprint":"…","expiresAt":1795…,"status":201,
 *    "location":"/v1/pets/7","body":"{\"id\":7,…}","crc32":"…"}
 *
 * The snapshot (version 3) carries the records not yet expired when it was taken.
 */
const IDEMPOTENCY = asciiBytes('{"idempotency":');

/** A completed request: its key, the fingerprint of its request, until when it is kept, its answer. */
export interface IdempotencyEntry {
  key: string;
  fingerprint: string;
  expiresAt: number;
  response: StoredResponse;
}

const Line = z.object({
  idempotency: z.string().min(1),
  fingerprint: z.string(),
  expiresAt: z.number().int(),
  status: z.number().int().min(100).max(599),
  location: z.string().optional(),
  body: z.string(),
});

export function encodeIdempotencyLine({ key, fingerprint, expiresAt, response }: IdempotencyEntry): string {
  const { status, location, body } = response;
  const fields = { idempotency: key, fingerprint, expiresAt, status, ...(location ? { location } : {}), body };
  return encodeLine(checked("idempotency", Line, fields)); // what decodeIdempotency would accept
}

export const isIdempotencyLine = (buf: Buffer, start: number) => bytesAt(buf, start, IDEMPOTENCY);

/** The entry a parsed idempotency line holds; throws when it is not a valid one. */
export function decodeIdempotency(fields: Record<string, unknown>): IdempotencyEntry {
  const { idempotency: key, fingerprint, expiresAt, status, location, body } = Line.parse(fields);
  return { key, fingerprint, expiresAt, response: { status, body, ...(location ? { location } : {}) } };
}
