import "server-only";
import type { Database } from "@/lib/store/postgres/pool";
import { borrowOrOpen } from "@/lib/store/postgres/pools";
import type { OutboxEntry, OutboxStore } from "./outbox-store";

interface OutboxRow {
  id: string;
  kind: string;
  about: string;
  created_at: Date;
  attempts: number;
  next_attempt_at: Date | null;
  last_error: string | null;
  given_up_at: Date | null;
}

const COLUMNS = "id, kind, about, created_at, attempts, next_attempt_at, last_error, given_up_at";

/**
 * The outbox in the mail_outbox table (migrations/), shared by every instance on the
 * database. Claims as the webhooks' (docs/decisions/168): due rows are taken with FOR UPDATE
 * SKIP LOCKED and leased in the same statement, so two instances never send one message at
 * once; an instance that dies mid-send leaves a lease that runs out, and the message goes again.
 * What a request waits on (recording, listing) runs on the process's request pool, the
 * sender's work on its background pool (docs/decisions/242).
 */
export function openPostgresOutboxStore(options: {
  connectionString: string;
  schema?: string;
  database?: Database;
  background?: Database;
}): OutboxStore {
  const { database: db, release: releasePool } = borrowOrOpen(options, { max: 2, applicationName: "pet-store mail" });
  const background = options.background ?? db;
  return {
    async add(entries) {
      if (entries.length === 0) return;
      await db.query(
        `INSERT INTO mail_outbox (id, kind, about, created_at, attempts, next_attempt_at, last_error, given_up_at)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::int[], $6::timestamptz[],
           $7::text[], $8::timestamptz[])`,
        [
          entries.map((entry) => entry.id),
          entries.map((entry) => entry.kind),
          entries.map((entry) => entry.about),
          entries.map((entry) => entry.createdAt),
          entries.map((entry) => entry.attempts),
          entries.map((entry) => entry.nextAttemptAt ?? null),
          entries.map((entry) => entry.lastError ?? null),
          entries.map((entry) => entry.givenUpAt ?? null),
        ],
      );
    },
    async release(ids, at) {
      if (ids.length === 0) return;
      await db.query("UPDATE mail_outbox SET next_attempt_at = $2 WHERE id = ANY($1) AND given_up_at IS NULL", [
        ids,
        at,
      ]);
    },
    async claimDue(now, limit, leaseMs) {
      const { rows } = await background.query<OutboxRow>(
        `WITH due AS (
           SELECT id FROM mail_outbox
           WHERE next_attempt_at <= $1 AND (lease_until IS NULL OR lease_until <= $1)
           ORDER BY next_attempt_at LIMIT $2
           FOR UPDATE SKIP LOCKED
         )
         UPDATE mail_outbox o SET lease_until = $1::timestamptz + $3 * interval '1 millisecond'
         FROM due WHERE o.id = due.id
         RETURNING ${COLUMNS.split(", ")
           .map((column) => `o.${column}`)
           .join(", ")}`,
        [now, limit, leaseMs],
      );
      return rows.map(toEntry).sort((a, b) => a.nextAttemptAt!.localeCompare(b.nextAttemptAt!));
    },
    async remove(ids) {
      if (ids.length > 0) await background.query("DELETE FROM mail_outbox WHERE id = ANY($1)", [ids]);
    },
    async recordFailure({ id, attempts, lastError, nextAttemptAt, givenUpAt }) {
      await background.query(
        `UPDATE mail_outbox SET attempts = $2, last_error = $3, next_attempt_at = $4, given_up_at = $5,
           lease_until = NULL WHERE id = $1`,
        [id, attempts, lastError, nextAttemptAt ?? null, givenUpAt ?? null],
      );
    },
    async listAbout(abouts) {
      if (abouts.length === 0) return [];
      const { rows } = await db.query<OutboxRow>(
        `SELECT ${COLUMNS} FROM mail_outbox WHERE about = ANY($1) ORDER BY created_at, id`,
        [abouts],
      );
      return rows.map(toEntry);
    },
    async removeGivenUpBefore(before) {
      const { rowCount } = await background.query("DELETE FROM mail_outbox WHERE given_up_at < $1", [before]);
      return rowCount ?? 0;
    },
    close: releasePool,
  };
}

function toEntry(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    about: row.about,
    createdAt: row.created_at.toISOString(),
    attempts: row.attempts,
    ...(row.next_attempt_at ? { nextAttemptAt: row.next_attempt_at.toISOString() } : {}),
    ...(row.last_error !== null ? { lastError: row.last_error } : {}),
    ...(row.given_up_at ? { givenUpAt: row.given_up_at.toISOString() } : {}),
  };
}
