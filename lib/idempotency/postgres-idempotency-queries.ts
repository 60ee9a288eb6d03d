import "server-only";
import type pg from "pg";
import type { Claim, StoredResponse } from "@/lib/idempotency/idempotency-store";
import { ASYNC_COMMIT } from "@/lib/store/postgres/async-commit";

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

/** One request's claim, as claimKeys takes it. */
export interface ClaimInput {
  key: string;
  fingerprint: string;
  now: Date;
  expiresAt: Date;
  abandonedBefore: Date;
}

/**
 * Claims for the requests that arrived together, in one statement (docs/decisions/181): each
 * key is inserted, or takes over an expired or abandoned record, or else the row returns the
 * record that holds it. One row per input, in order; `held` and `claimed` both false where
 * another request inserted the key after this statement's snapshot. The keys must be
 * distinct: ON CONFLICT may touch a row only once per statement.
 */
export const claimKeys = (claims: ClaimInput[]): pg.QueryConfig => ({
  name: "idempotency_claim_many",
  text: `WITH ${ASYNC_COMMIT}, input AS (
           SELECT t.* FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[], $5::timestamptz[])
             WITH ORDINALITY AS t(key, fingerprint, now, expires_at, abandoned_before, ord), async_commit
         ), claimed AS (
           INSERT INTO idempotency_keys AS i (key, fingerprint, started_at, expires_at)
           SELECT key, fingerprint, now, expires_at FROM input ORDER BY ord
           ON CONFLICT (key) DO UPDATE SET
             fingerprint = EXCLUDED.fingerprint, started_at = EXCLUDED.started_at,
             expires_at = EXCLUDED.expires_at, status = NULL, body = NULL, location = NULL
           WHERE i.expires_at <= EXCLUDED.started_at
              OR (i.status IS NULL AND i.started_at <= (SELECT abandoned_before FROM input WHERE input.key = i.key))
           RETURNING i.key
         )
         SELECT input.ord, claimed.key IS NOT NULL AS claimed, held.fingerprint, held.status, held.body, held.location,
                held.key IS NOT NULL AS held
           FROM input
           LEFT JOIN claimed ON claimed.key = input.key
           LEFT JOIN idempotency_keys held ON claimed.key IS NULL AND held.key = input.key
          ORDER BY input.ord`,
  values: [
    claims.map((claim) => claim.key),
    claims.map((claim) => claim.fingerprint),
    claims.map((claim) => claim.now),
    claims.map((claim) => claim.expiresAt),
    claims.map((claim) => claim.abandonedBefore),
  ],
});

/** A claimKeys row for toClaim: undefined where nothing was claimed and nothing was visible. */
export const asClaimRow = (row: ClaimRow & { held: boolean }): ClaimRow | undefined =>
  row.claimed || row.held ? row : undefined;

/** What a claim's row means; no row: another request inserted the key after the statement's snapshot. */
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
  text: `WITH ${ASYNC_COMMIT}
         DELETE FROM idempotency_keys USING async_commit WHERE key = $1 AND started_at = $2 AND status IS NULL`,
  values: [key, claimedAt],
});

export const deleteExpired = (now: Date): pg.QueryConfig => ({
  name: "idempotency_sweep",
  text: `WITH ${ASYNC_COMMIT} DELETE FROM idempotency_keys USING async_commit WHERE expires_at <= $1`,
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
