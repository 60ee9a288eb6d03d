import "server-only";
import type pg from "pg";
import type { ApplicationRecord, ApplicationState } from "@/lib/applications/schemas";
import type { NewApplicationRecord } from "@/lib/applications/application-store";
import type { IdLimit } from "@/lib/store/postgres/id-limits";

/** Where application ids run out (migrations/1795996800000_create-applications.sql). */
export const APPLICATION_ID_LIMIT: IdLimit = {
  kind: "application",
  constraint: "applications_id_range",
  sequence: "applications_id_seq",
};

/*
 * The applications statements (migrations/1795996800000_create-applications.sql). Writes run
 * inside the adapter's transactions (./postgres-application-writes.ts); none of them logs or returns
 * personal data anywhere but to the caller.
 */
const COLUMNS = `id, reference, pet_id, state, source, suspect, order_id, submitted_at, updated_at, decided_at,
  erased_at, answers, notes, decline_reason, email_digest, status_token_digest`;

/** The states the one-open-application-per-adopter index covers (isOpenApplication). */
const OPEN = "state IN ('submitted', 'in_review', 'approved')";

export interface ApplicationRow {
  id: string;
  reference: string;
  pet_id: string;
  state: ApplicationState;
  source: ApplicationRecord["source"];
  suspect: ApplicationRecord["suspect"];
  order_id: string | null;
  submitted_at: Date;
  updated_at: Date;
  decided_at: Date | null;
  erased_at: Date | null;
  answers: NonNullable<ApplicationRecord["personal"]>["answers"] | null;
  notes: NonNullable<ApplicationRecord["personal"]>["notes"] | null;
  decline_reason: string | null;
  email_digest: string | null;
  status_token_digest: string | null;
}

export function toApplication(row: ApplicationRow): ApplicationRecord {
  const { answers, notes, email_digest: emailDigest, status_token_digest: statusTokenDigest } = row;
  const personal =
    answers && notes && emailDigest && statusTokenDigest
      ? {
          answers,
          notes,
          ...(row.decline_reason === null ? {} : { declineReason: row.decline_reason }),
          emailDigest,
          statusTokenDigest,
        }
      : undefined;
  return {
    id: Number(row.id),
    reference: row.reference,
    petId: Number(row.pet_id),
    state: row.state,
    source: row.source,
    suspect: row.suspect,
    ...(row.order_id === null ? {} : { orderId: Number(row.order_id) }),
    submittedAt: row.submitted_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    ...(row.decided_at === null ? {} : { decidedAt: row.decided_at.toISOString() }),
    ...(personal ? { personal } : {}),
    ...(row.erased_at === null ? {} : { erasedAt: row.erased_at.toISOString() }),
  };
}

/**
 * Adds the application if its pet is available, taking a share lock on the pet's row: an
 * approval or order holding the pet at this moment commits first, and the check sees it.
 * An open application for the pet with the same e-mail digest makes it insert nothing
 * (ON CONFLICT on the partial unique index waits for a concurrent one to commit).
 */
export const insertApplication = (application: NewApplicationRecord): pg.QueryConfig => {
  const { personal } = application;
  return {
    name: "applications_insert",
    text: `INSERT INTO applications (reference, pet_id, state, source, suspect, submitted_at, updated_at,
             answers, notes, decline_reason, email_digest, status_token_digest)
           SELECT $1, pets.id, $3, $4, $5::text[], $6, $7, $8::jsonb, $9::jsonb, $10, $11, $12
           FROM pets WHERE pets.id = $2 AND pets.status = 'available' FOR SHARE
           ON CONFLICT (pet_id, email_digest) WHERE ${OPEN} DO NOTHING
           RETURNING ${COLUMNS}`,
    values: [
      application.reference,
      application.petId,
      application.state,
      application.source,
      application.suspect,
      application.submittedAt,
      application.updatedAt,
      JSON.stringify(personal.answers),
      JSON.stringify(personal.notes),
      personal.declineReason ?? null,
      personal.emailDigest,
      personal.statusTokenDigest,
    ],
  };
};

/** The open application for this pet and e-mail digest, if any (what a duplicate submit answers). */
export const selectOpenDuplicate = (petId: number, emailDigest: string): pg.QueryConfig => ({
  name: "applications_open_duplicate",
  text: `SELECT ${COLUMNS} FROM applications WHERE pet_id = $1 AND email_digest = $2 AND ${OPEN}`,
  values: [petId, emailDigest],
});

export const selectApplication = (id: number, forUpdate = false): pg.QueryConfig => ({
  name: forUpdate ? "applications_select_for_update" : "applications_select",
  text: `SELECT ${COLUMNS} FROM applications WHERE id = $1${forUpdate ? " FOR UPDATE" : ""}`,
  values: [id],
});

export const selectByStatusToken = (digest: string): pg.QueryConfig => ({
  name: "applications_by_status_token",
  text: `SELECT ${COLUMNS} FROM applications WHERE status_token_digest = $1`,
  values: [digest],
});

export const selectByEmailDigest = (digest: string): pg.QueryConfig => ({
  name: "applications_by_email",
  text: `SELECT ${COLUMNS} FROM applications WHERE email_digest = $1 ORDER BY id DESC`,
  values: [digest],
});

/** Newest first, below `beforeId`, with the filters given (null: none). */
export const applicationPage = (
  rows: number,
  filter: { state?: ApplicationState; petId?: number; submittedBefore?: string },
  beforeId: number | undefined,
): pg.QueryConfig => ({
  text: `SELECT ${COLUMNS} FROM applications
         WHERE ${filter.state ? "state = $2" : "$2::text IS NULL"}
           AND ${filter.petId ? "pet_id = $3" : "$3::bigint IS NULL"}
           AND ${filter.submittedBefore ? "submitted_at < $4" : "$4::timestamptz IS NULL"}
           AND ${beforeId ? "id < $5" : "$5::bigint IS NULL"}
         ORDER BY id DESC LIMIT $1`,
  values: [rows, filter.state ?? null, filter.petId ?? null, filter.submittedBefore ?? null, beforeId ?? null],
});

/** Writes what a change (lib/applications/changes.ts) may change; the answers and digests never change. */
export const updateApplication = (record: ApplicationRecord): pg.QueryConfig => ({
  name: "applications_update",
  text: `UPDATE applications
         SET state = $2, order_id = $3, updated_at = $4, decided_at = $5, notes = $6::jsonb, decline_reason = $7
         WHERE id = $1 RETURNING ${COLUMNS}`,
  values: [
    record.id,
    record.state,
    record.orderId ?? null,
    record.updatedAt,
    record.decidedAt ?? null,
    record.personal ? JSON.stringify(record.personal.notes) : null,
    record.personal?.declineReason ?? null,
  ],
});

/**
 * Sets every personal column to NULL on those of `ids` that still hold them. The rows are
 * locked in id order first, so two erasures of overlapping sets (a sweep and an admin's
 * request) wait for each other instead of deadlocking.
 */
export const eraseApplications = (ids: readonly number[], at: string): pg.QueryConfig => ({
  name: "applications_erase",
  text: `WITH locked AS (
           SELECT id FROM applications WHERE id = ANY($1::bigint[]) AND erased_at IS NULL ORDER BY id FOR UPDATE
         )
         UPDATE applications
         SET answers = NULL, notes = NULL, decline_reason = NULL, email_digest = NULL, status_token_digest = NULL,
             erased_at = $2, updated_at = $2
         FROM locked WHERE applications.id = locked.id AND applications.erased_at IS NULL
         RETURNING ${COLUMNS.replace(/(\w+)/g, "applications.$1")}`,
  values: [ids, at],
});

/**
 * After an erasure: removes the row versions the UPDATE left behind (they still hold the
 * answers) and their index entries. SKIP_LOCKED: when another VACUUM (autovacuum) holds the
 * table, it does the same work, so this one steps aside instead of waiting.
 */
export const vacuumApplications = "VACUUM (SKIP_LOCKED) applications";

/** Decided before `cutoff`, personal data still held, oldest decision first. */
export const selectDecidedBefore = (cutoff: string, limit: number): pg.QueryConfig => ({
  name: "applications_decided_before",
  text: `SELECT id FROM applications
         WHERE erased_at IS NULL AND decided_at IS NOT NULL AND decided_at < $1
         ORDER BY decided_at, id LIMIT $2`,
  values: [cutoff, limit],
});
