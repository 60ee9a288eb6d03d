import "server-only";
import type { Database } from "@/lib/store/postgres/pool";
import type { CalendarTokenHolder, CalendarTokenRecord } from "./calendar-token";
import type { CalendarTokenStore } from "./calendar-token-store";

type TokenRow = { holder_type: "person" | "key"; holder_id: string; digest: string; issued_at: Date };

/** Calendar tokens in the calendar_tokens table: one row a holder, replaced in one statement. */
export class PostgresCalendarTokenStore implements CalendarTokenStore {
  constructor(private readonly database: Database) {}

  async issue({ holder, digest, issuedAt }: CalendarTokenRecord): Promise<void> {
    await this.database.query(
      `INSERT INTO calendar_tokens (holder_type, holder_id, digest, issued_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (holder_type, holder_id) DO UPDATE SET digest = EXCLUDED.digest, issued_at = EXCLUDED.issued_at`,
      [holder.type, holder.id, digest, issuedAt],
    );
  }

  async revoke(holder: CalendarTokenHolder): Promise<boolean> {
    const { rowCount } = await this.database.query(
      "DELETE FROM calendar_tokens WHERE holder_type = $1 AND holder_id = $2",
      [holder.type, holder.id],
    );
    return (rowCount ?? 0) > 0;
  }

  async findByDigest(digest: string): Promise<CalendarTokenRecord | undefined> {
    const { rows } = await this.database.query<TokenRow>(
      "SELECT holder_type, holder_id, digest, issued_at FROM calendar_tokens WHERE digest = $1",
      [digest],
    );
    const [row] = rows;
    return (
      row && {
        holder: { type: row.holder_type, id: row.holder_id },
        digest: row.digest,
        issuedAt: row.issued_at.toISOString(),
      }
    );
  }
}
