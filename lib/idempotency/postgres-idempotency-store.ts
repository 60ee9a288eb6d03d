import "server-only";
import pg from "pg";
import type { Claim, IdempotencyStore } from "./idempotency-store";

interface Row {
  fingerprint: string;
  started_at: Date;
  expires_at: Date;
  status: number | null;
  body: string | null;
  location: string | null;
  claimed: boolean;
}

/**
 * Records in the idempotency_keys table, shared by every instance: a claim is one
 * statement that inserts the key, or takes over an expired or abandoned record, or else
 * returns the record that holds it, so two instances racing on one key never both run.
 */
export function openPostgresIdempotencyStore(options: { connectionString: string; schema?: string }): IdempotencyStore {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: 4,
    connectionTimeoutMillis: 3_000,
    statement_timeout: 5_000,
    application_name: "pet-store idempotency",
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  pool.on("error", () => {});
  let sweptAt = 0;
  return {
    async claim(key, fingerprint, { now, ttlMs, abandonAfterMs }): Promise<Claim> {
      if (now - sweptAt > 60_000) {
        sweptAt = now;
        await pool.query("DELETE FROM idempotency_keys WHERE expires_at <= $1", [new Date(now)]);
      }
      const { rows } = await pool.query<Row>(
        `WITH claimed AS (
           INSERT INTO idempotency_keys AS i (key, fingerprint, started_at, expires_at)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (key) DO UPDATE SET
             fingerprint = EXCLUDED.fingerprint, started_at = EXCLUDED.started_at,
             expires_at = EXCLUDED.expires_at, status = NULL, body = NULL, location = NULL
           WHERE i.expires_at <= $3 OR (i.status IS NULL AND i.started_at <= $5)
           RETURNING true AS claimed
         )
         SELECT true AS claimed, NULL::text AS fingerprint, NULL::timestamptz AS started_at,
                NULL::timestamptz AS expires_at, NULL::integer AS status, NULL::text AS body, NULL::text AS location
           FROM claimed
         UNION ALL
         SELECT false, fingerprint, started_at, expires_at, status, body, location
           FROM idempotency_keys WHERE key = $1 AND NOT EXISTS (SELECT 1 FROM claimed)`,
        [key, fingerprint, new Date(now), new Date(now + ttlMs), new Date(now - abandonAfterMs)],
      );
      const row = rows[0];
      // No row: another request inserted the key after this statement's snapshot was taken.
      if (!row) return { kind: "running" };
      if (row.claimed) return { kind: "claimed" };
      if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
      if (row.status === null) return { kind: "running" };
      return {
        kind: "done",
        response: { status: row.status, body: row.body ?? "", ...(row.location ? { location: row.location } : {}) },
      };
    },
    async complete(key, response) {
      await pool.query("UPDATE idempotency_keys SET status = $2, body = $3, location = $4 WHERE key = $1", [
        key,
        response.status,
        response.body,
        response.location ?? null,
      ]);
    },
    async release(key) {
      await pool.query("DELETE FROM idempotency_keys WHERE key = $1 AND status IS NULL", [key]).catch(() => {});
    },
    close: () => pool.end(),
  };
}
