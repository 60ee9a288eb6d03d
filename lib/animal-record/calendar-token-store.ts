import type { CalendarTokenHolder, CalendarTokenRecord } from "./calendar-token";

/**
 * Where the calendar feed's tokens are kept (docs/decisions/258), on the engine the pets are
 * on: a part of the file engine (./file-calendar-token-part.ts), the calendar_tokens table
 * (./postgres-calendar-token-store.ts); both pass ./calendar-token-store.contract.ts. Only
 * digests are kept. A holder has at most one token: issuing another replaces it.
 */
export interface CalendarTokenStore {
  /** Keeps `record` as its holder's token; the holder's token before it stops working. Durable when this resolves. */
  issue(record: CalendarTokenRecord): Promise<void>;
  /** Revokes the holder's token; false when it had none. */
  revoke(holder: CalendarTokenHolder): Promise<boolean>;
  /** The token whose digest this is, while it is not revoked. */
  findByDigest(digest: string): Promise<CalendarTokenRecord | undefined>;
}
