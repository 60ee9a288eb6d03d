import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "@/lib/store/file/engine/part";
import { encodeLine, parseLine, UnwritableRecordError } from "@/lib/store/file/line-codec";
import { CalendarTokenHolder, CalendarTokenRecord } from "./calendar-token";

/*
 * The calendar feed's tokens as a part of the file engine (docs/decisions/258): a line when a
 * holder is issued a token (replacing theirs), another when theirs is revoked. The snapshot
 * keeps the live ones. Journal format version 9, snapshot version 7.
 *
 *   {"calendarToken":{"type":"person","id":"per_…"},"digest":"…","issuedAt":"…","crc32":"…"}
 *   {"calendarToken":{"type":"person","id":"per_…"},"revokedAt":"…","crc32":"…"}
 */

// Not `record`: every part's ops share one namespace, and the idempotency part reads that one.
export type CalendarTokenOp =
  | { kind: "issue-calendar-token"; token: CalendarTokenRecord }
  | { kind: "revoke-calendar-token"; holder: CalendarTokenHolder };

type TokenLine = CalendarTokenRecord | { holder: CalendarTokenHolder; revokedAt: string };

const holderKey = (holder: CalendarTokenHolder) => `${holder.type}:${holder.id}`;

/** The live tokens in memory, by holder and by digest. */
export class CalendarTokenBook {
  private readonly byHolder = new Map<string, CalendarTokenRecord>();
  private readonly byDigest = new Map<string, CalendarTokenRecord>();

  put(record: CalendarTokenRecord): void {
    this.remove(record.holder);
    this.byHolder.set(holderKey(record.holder), record);
    this.byDigest.set(record.digest, record);
  }

  remove(holder: CalendarTokenHolder): void {
    const before = this.byHolder.get(holderKey(holder));
    if (!before) return;
    this.byHolder.delete(holderKey(holder));
    this.byDigest.delete(before.digest);
  }

  ofHolder(holder: CalendarTokenHolder): CalendarTokenRecord | undefined {
    return this.byHolder.get(holderKey(holder));
  }

  withDigest(digest: string): CalendarTokenRecord | undefined {
    return this.byDigest.get(digest);
  }

  /** A copy of the list: the snapshot encodes it in the background, records are replaced, never changed. */
  all(): CalendarTokenRecord[] {
    return [...this.byHolder.values()];
  }

  get size(): number {
    return this.byHolder.size;
  }
}

/** The line of an issued token, or UnwritableRecordError naming the failing fields (never their values). */
function encodeIssued(record: CalendarTokenRecord): string {
  const result = CalendarTokenRecord.safeParse(record);
  if (!result.success) {
    const fields = new Set(result.error.issues.map((issue) => issue.path.join(".")));
    throw new UnwritableRecordError("calendar token", [...fields].join(", "));
  }
  const { holder, digest, issuedAt } = result.data;
  return encodeLine({ calendarToken: holder, digest, issuedAt });
}

function encodeRevoked(holder: CalendarTokenHolder, revokedAt: string): string {
  return encodeLine({ calendarToken: CalendarTokenHolder.parse(holder), revokedAt });
}

function decodeTokenLine(fields: Record<string, unknown>): TokenLine {
  const { calendarToken, ...rest } = fields;
  delete rest.crc32;
  if ("revokedAt" in rest && typeof rest.revokedAt === "string" && Object.keys(rest).length === 1) {
    return { holder: CalendarTokenHolder.parse(calendarToken), revokedAt: rest.revokedAt };
  }
  return CalendarTokenRecord.parse({ holder: calendarToken, ...rest });
}

const foldTokenLine = (book: CalendarTokenBook, line: TokenLine) => {
  if ("revokedAt" in line) book.remove(line.holder);
  else book.put(line);
};

const tokenLine = lineKind<CalendarTokenBook, TokenLine>({
  noun: "calendar tokens",
  prefix: '{"calendarToken":',
  since: 9,
  decode: (buf, start, _bodyEnd, end) => decodeTokenLine(parseLine(buf, start, end)),
  fold: foldTokenLine,
});

export const calendarTokensPart: Part<CalendarTokenBook, CalendarTokensPlan> = {
  name: "calendar-tokens",
  createState: () => new CalendarTokenBook(),
  lines: [tokenLine],
  snapshot: {
    field: "calendarTokens",
    since: 7,
    kind: tokenLine,
    take: (book) => {
      const records = book.all();
      return { count: records.length, line: (i) => encodeIssued(records[i] as CalendarTokenRecord) };
    },
  },
  size: (book) => book.size,
  ops: ["issue-calendar-token", "revoke-calendar-token"],
  plan: (book, batch) => new CalendarTokensPlan(book, batch),
};

class CalendarTokensPlan implements PartPlan {
  /** Holders' tokens as the batch's earlier ops left them (null: revoked). */
  private readonly changed = new Map<string, CalendarTokenRecord | null>();

  constructor(
    private readonly book: CalendarTokenBook,
    private readonly batch: UnitOfWork,
  ) {}

  decide(op: Op): boolean | undefined {
    const tokenOp = op as CalendarTokenOp;
    if (tokenOp.kind === "issue-calendar-token") {
      const { token } = tokenOp;
      this.batch.write(encodeIssued(token), () => this.book.put(token));
      this.change(token.holder, token);
      return undefined;
    }
    const key = holderKey(tokenOp.holder);
    const current = this.changed.has(key) ? this.changed.get(key) : this.book.ofHolder(tokenOp.holder);
    if (!current) return false;
    this.batch.write(encodeRevoked(tokenOp.holder, this.batch.now), () => this.book.remove(tokenOp.holder));
    this.change(tokenOp.holder, null);
    return true;
  }

  private change(holder: CalendarTokenHolder, to: CalendarTokenRecord | null): void {
    const key = holderKey(holder);
    const [had, before] = [this.changed.has(key), this.changed.get(key)];
    this.batch.remember(() => {
      if (had) this.changed.set(key, before ?? null);
      else this.changed.delete(key);
    });
    this.changed.set(key, to);
  }
}
