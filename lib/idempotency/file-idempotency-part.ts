import type { IdempotencyRecord } from "@/lib/idempotency/idempotency-store";
import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "@/lib/store/file/engine/part";
import { parseLine } from "@/lib/store/file/line-codec";
import { IdempotencyBook } from "./file-idempotency-book";
import { decodeIdempotency, encodeIdempotencyLine, type IdempotencyEntry } from "./file-idempotency-line";
import { readLegacyIdempotency, removeLegacyIdempotency } from "./file-legacy-idempotency";

/** Any op may carry the answer to the request that asked for it: it commits with the op's lines (docs/decisions/109). */
export interface AnsweredOp extends Op {
  record?: IdempotencyRecord<never>;
}

const idempotencyLine = lineKind<IdempotencyBook, IdempotencyEntry>({
  noun: "idempotency records",
  prefix: '{"idempotency":',
  since: 4,
  decode: (buf, start, _bodyEnd, end) => decodeIdempotency(parseLine(buf, start, end)),
  // An answer that expired before the open is not kept.
  fold: (book, entry, { openedAt }) => void (entry.expiresAt > openedAt && book.put(entry)),
});

/**
 * Idempotency-Key answers as a part of the file engine: an op's answer line follows the op's
 * own lines in its batch, so both commit or neither does; claims live in memory only
 * (docs/decisions/109). The snapshot keeps the answers not yet expired.
 */
export const idempotencyPart: Part<IdempotencyBook, IdempotencyPlan> = {
  name: "idempotency",
  createState: () => new IdempotencyBook(),
  lines: [idempotencyLine],
  snapshot: {
    field: "idempotency",
    since: 3,
    kind: idempotencyLine,
    take: (book, now) => {
      const entries = book.live(now);
      return { count: entries.length, line: (i) => encodeIdempotencyLine(entries[i] as IdempotencyEntry) };
    },
  },
  // Decision 092's idempotency.jsonl: its answers move into the journal, one batch, then it goes.
  adopt: async (book, { fsys, dir, openedAt, logger }) => {
    const legacy = await readLegacyIdempotency(fsys, dir, openedAt);
    if (!legacy) return undefined;
    return {
      lines: legacy.map(encodeIdempotencyLine),
      apply: () => legacy.forEach((entry) => book.put(entry)),
      done: async () => {
        await removeLegacyIdempotency(fsys, dir);
        logger.info(
          `pet store: moved ${legacy.length} Idempotency-Key answers from idempotency.jsonl into the journal`,
        );
      },
    };
  },
  plan: (book, batch) => new IdempotencyPlan(book, batch),
};

class IdempotencyPlan implements PartPlan {
  constructor(
    private readonly book: IdempotencyBook,
    private readonly batch: UnitOfWork,
  ) {}

  /** Writes the op's answer; an answer the reader would refuse refuses the op (its write too). */
  finish(op: Op, value: unknown): unknown {
    const { record } = op as AnsweredOp;
    if (!record) return value;
    const { key, fingerprint, expiresAt, answer } = record;
    const entry = { key, fingerprint, expiresAt, response: answer(value as never) };
    this.batch.write(encodeIdempotencyLine(entry), () => this.book.put(entry));
    return value;
  }
}
