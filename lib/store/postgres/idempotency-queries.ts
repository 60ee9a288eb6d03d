import "server-only";
import type pg from "pg";
import type { Claim, StoredResponse } from "@/lib/store/idempotency-store";

/**
 * The idempotency_keys statements. A claim is one statement that inserts the key, or takes
 * over an expired or abandoned record, or else returns the record that holds it, so two
 * instances racing on one key never both run. The answer is written by the write's own
 * transaction (recordAnswers), fenced by the claim's started_at: a write whose claim was
 * taken over updates no row and rolls back.
 */
export interface ClaimRow {
  fingerprint: string | null;
  status: number | null;
  body: string | null;
  location: string | null;
  claimed: boolean;
}

export const claimKey = (
  key: string,
  fingerprint: string,
  now: Date,
  expiresAt: Date,
  abandonedBefore: Date,
): pg.QueryConfig => ({
  name: "idempotency_claim",
  text: `WITH claimed AS (
           INSERT INTO idempotency_keys AS i (key, fingerprint, started_at, expires_at)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (key) DO UPDATE SET
             fingerprint = EXCLUDED.fingerprint, started_at = EXCLUDED.started_at,
             expires_at = EXCLUDED.expires_at, status = NULL, body = NULL, location = NULL
           WHERE i.expires_at <= $3 OR (i.status IS NULL AND i.started_at <= $5)
           RETURNING true AS claimed
         )
         SELECT true AS claimed, NULL::text AS fingerprint, NULL::integer AS status, NULL::text AS body,
                NULL::text AS location
           FROM claimed
         UNION ALL
         SELECT false, fingerprint, status, body, location
           FROM idempotency_keys WHERE key = $1 AND NOT EXISTS (SELECT 1 FROM claimed)`,
  values: [key, fingerprint, now, expiresAt, abandonedBefore],
});

/** What a claim statement's row means; no row: another request inserted the key after this statement's snapshot. */
export function toClaim(row: ClaimRow | undefined, fingerprint: string): Claim {
  if (!row) return { kind: "running" };
  if (row.claimed) return { kind: "claimed" };
  if (row.fingerprint !== fingerprint) return { kind: "mismatch" };
  if (row.status === null) return { kind: "running" };
  const response = { status: row.status, body: row.body ?? "", ...(row.location ? { location: row.location } : {}) };
  return { kind: "done", response };
}

export const releaseKey = (key: string, claimedAt: Date): pg.QueryConfig => ({
  name: "idempotency_release",
  text: "DELETE FROM idempotency_keys WHERE key = $1 AND started_at = $2 AND status IS NULL",
  values: [key, claimedAt],
});

export const deleteExpired = (now: Date): pg.QueryConfig => ({
  name: "idempotency_sweep",
  text: "DELETE FROM idempotency_keys WHERE expires_at <= $1",
  values: [now],
});

/** Answers for claims still held (key and started_at match, no answer yet); returns the keys it wrote. */
export const recordAnswers = (
  answers: { key: string; claimedAt: number; response: StoredResponse }[],
): pg.QueryConfig => ({
  name: "idempotency_record",
  text: `UPDATE idempotency_keys AS i SET status = a.status, body = a.body, location = a.location
         FROM unnest($1::text[], $2::timestamptz[], $3::integer[], $4::text[], $5::text[])
           AS a(key, started_at, status, body, location)
         WHERE i.key = a.key AND i.started_at = a.started_at AND i.status IS NULL
         RETURNING i.key`,
  values: [
    answers.map((answer) => answer.key),
    answers.map((answer) => new Date(answer.claimedAt)),
    answers.map((answer) => answer.response.status),
    answers.map((answer) => answer.response.body),
    answers.map((answer) => answer.response.location ?? null),
  ],
});
