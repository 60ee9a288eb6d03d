import "server-only";
import { randomBytes } from "node:crypto";
import type pg from "pg";
import type { Event } from "@/lib/events/event-types";
import type { MaybePromise } from "@/lib/maybe-promise";
import { EVERYTHING, type ChangeFeed } from "@/lib/store/changes";
import { openSharedChangeFeed } from "@/lib/store/postgres/change-feed";
import { appendEvents } from "@/lib/events/postgres-event-queries";
import type { Database } from "@/lib/store/postgres/pool";
import { borrowOrOpen } from "@/lib/store/postgres/pools";
import { keyRevoked } from "@/lib/events/new-events";
import { revokeKeysBeyond } from "@/lib/keys/postgres-key-revocation";
import { isActiveAdmin, LastAdminError, type AccountStore } from "./account-store";
import type { PersonRecord, SessionRecord } from "./person";
import { signedOut } from "./people-events";
import type { Role } from "./roles";

interface PersonRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  active: boolean;
  password_hash: string | null;
  invitation_hash: string | null;
  invitation_expires_at: Date | null;
  created_at: Date;
  updated_at: Date;
  deactivated_at: Date | null;
}

interface SessionRow {
  id: string;
  person_id: string;
  token_hash: string;
  method: SessionRecord["method"];
  created_at: Date;
  last_seen_at: Date;
  expires_at: Date;
  user_agent: string;
  ended_at: Date | null;
}

const UNIQUE_VIOLATION = "23505";
const KEEP_ENDED_SESSIONS_DAYS = 30;

/**
 * Accounts in the people and sessions tables, shared by every instance. The bearer check
 * reads a person and a session on every console request, so both are kept in memory until
 * the change feed says the table changed (any instance's write, or `npm run users`); while
 * the feed is not live they are read each time (docs/decisions/123, 189). Each change
 * commits with its events.
 */
export function openPostgresAccountStore(options: {
  connectionString: string;
  schema?: string;
  /** The process's request pool (docs/decisions/242); without it, a pool of the store's own. */
  database?: Database;
}): AccountStore {
  const { database, release } = borrowOrOpen(options, { max: 2, maxWaiting: 64, applicationName: "pet-store people" });
  const changes: ChangeFeed = openSharedChangeFeed(options);
  const people = new Map<string, PersonRecord | undefined>();
  const sessions = new Map<string, SessionRecord | undefined>();
  // Bumped by each announced change: a read that began before it must not be remembered.
  let generation = 0;
  const forget = () => {
    generation++;
    people.clear();
    sessions.clear();
  };
  const unsubscribe = changes.subscribe((table) => {
    if (table === "people" || table === "sessions" || table === EVERYTHING) forget();
  });
  // This instance's own writes are forgotten as they commit, not when the feed reports them
  // back a moment later: a signed-out bearer is refused by its very next request here.
  const write: typeof database.transaction = async (work) => {
    try {
      return await database.transaction(work);
    } finally {
      forget();
    }
  };
  const remembered = <Record>(
    copies: Map<string, Record | undefined>,
    id: string,
    read: () => Promise<Record | undefined>,
  ): MaybePromise<Record | undefined> => {
    if (changes.live && copies.has(id)) return copies.get(id);
    const started = generation;
    return read().then((record) => {
      if (changes.live && started === generation) copies.set(id, record);
      return record;
    });
  };
  const onePerson = async (where: string, value: unknown) =>
    (await database.query<PersonRow>(`SELECT * FROM people WHERE ${where} = $1`, [value])).rows.map(toPerson)[0];
  const oneSession = async (where: string, value: unknown) =>
    (await database.query<SessionRow>(`SELECT * FROM sessions WHERE ${where} = $1`, [value])).rows.map(toSession)[0];
  // Ends sessions without their events: appendEvents goes last in a transaction, right
  // before COMMIT (lib/events/postgres-event-queries.ts), so the caller appends them.
  const endWhere = async (client: pg.ClientBase, where: string, values: unknown[]) => {
    const { rows } = await client.query<SessionRow>(
      `UPDATE sessions SET ended_at = $1 WHERE ended_at IS NULL AND ${where} RETURNING *`,
      values,
    );
    return rows.map(toSession);
  };
  const endAndRecord = async (client: pg.ClientBase, where: string, values: unknown[]) => {
    const ended = await endWhere(client, where, values);
    await appendEvents(
      client,
      ended.map((session) => signedOut(session)),
    );
    return ended;
  };

  // Sessions ended or expired long ago go (decision 189): the user agent is all they hold, kept for their person's list.
  const prune = () =>
    database
      .query(
        `DELETE FROM sessions WHERE coalesce(ended_at, expires_at) < now() - interval '${KEEP_ENDED_SESSIONS_DAYS} days'`,
      )
      .catch(() => undefined); // tried again tomorrow
  void prune();
  const pruning = setInterval(prune, 86_400_000);
  pruning.unref();

  return {
    async listPeople() {
      return (await database.query<PersonRow>("SELECT * FROM people ORDER BY created_at, id")).rows.map(toPerson);
    },
    getPerson: (id) => remembered(people, id, () => onePerson("id", id)),
    findPersonByEmail: (email) => onePerson("email", email),
    findPersonByInvitation: (hash) => onePerson("invitation_hash", hash),
    async addPerson(record, events) {
      try {
        await write(async (client) => {
          await client.query(INSERT_PERSON, personValues(record));
          await appendEvents(client, events);
        });
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
        throw error;
      }
    },
    async updatePerson(id, change) {
      try {
        return await write(async (client) => {
          // One change to people at a time, on every instance (docs/decisions/204): the count
          // of active admins below is read after the last change committed, and holds until
          // this one does. A shelter has a handful of people and changes them rarely.
          await client.query("SELECT pg_advisory_xact_lock(hashtext('pet-store people ' || current_schema()))");
          const { rows } = await client.query<PersonRow>("SELECT * FROM people WHERE id = $1 FOR UPDATE", [id]);
          if (!rows[0]) return undefined;
          const current = toPerson(rows[0]);
          const decided = change(current);
          if (!decided) return current;
          const { record, events, endSessions, revokeKeys } = decided;
          if (isActiveAdmin(current) && !isActiveAdmin(record)) {
            const others = await client.query(
              "SELECT 1 FROM people WHERE role = 'admin' AND active AND id <> $1 LIMIT 1",
              [id],
            );
            if (others.rowCount === 0) throw new LastAdminError();
          }
          await client.query(
            `UPDATE people SET email = $2, name = $3, role = $4, active = $5, password_hash = $6, invitation_hash = $7,
               invitation_expires_at = $8, created_at = $9, updated_at = $10, deactivated_at = $11 WHERE id = $1`,
            personValues(record),
          );
          const exceptId = typeof endSessions === "object" ? endSessions.exceptId : null;
          const ended = endSessions
            ? await endWhere(client, "person_id = $2 AND id IS DISTINCT FROM $3", [record.updatedAt, id, exceptId])
            : [];
          // Keys live in this database too: their revocation commits with the change (decision 203).
          const revoked = revokeKeys
            ? await revokeKeysBeyond(client, id, revokeKeys.held, record.updatedAt, revokeKeys.by)
            : [];
          await appendEvents(client, [
            ...events,
            ...ended.map((session) => signedOut(session)),
            ...revoked.map((key) => keyRevoked(key, revokeKeys!.by)),
          ]);
          return record;
        });
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return "email_taken";
        throw error;
      }
    },
    async addSession(record, events) {
      await write(async (client) => {
        await client.query(
          `INSERT INTO sessions (id, person_id, token_hash, method, created_at, last_seen_at, expires_at, user_agent, ended_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
          [
            record.id,
            record.personId,
            record.tokenHash,
            record.method,
            record.createdAt,
            record.lastSeenAt,
            record.expiresAt,
            record.userAgent,
            record.endedAt ?? null,
          ],
        );
        await appendEvents(client, events);
      });
    },
    getSession: (id) => remembered(sessions, id, () => oneSession("id", id)),
    findSessionByTokenHash: (hash) => oneSession("token_hash", hash),
    async listSessions(personId) {
      const { rows } = await database.query<SessionRow>(
        "SELECT * FROM sessions WHERE person_id = $1 ORDER BY created_at DESC, id",
        [personId],
      );
      return rows.map(toSession);
    },
    async touchSession(id, lastSeenAt) {
      await database.query(
        "UPDATE sessions SET last_seen_at = $2 WHERE id = $1 AND ended_at IS NULL AND last_seen_at < $2",
        [id, lastSeenAt],
      );
    },
    endSessions: (which, at) =>
      write((client) =>
        "id" in which
          ? endAndRecord(client, "person_id = $2 AND id = $3", [at, which.personId, which.id])
          : endAndRecord(client, "person_id = $2 AND id IS DISTINCT FROM $3", [
              at,
              which.personId,
              which.exceptId ?? null,
            ]),
      ),
    async recordEvents(events: Event[]) {
      await write((client) => appendEvents(client, events));
    },
    async signingKey() {
      const inserted = await database.query(
        "INSERT INTO auth_signing_key (id, key) VALUES (1, $1) ON CONFLICT (id) DO NOTHING",
        [randomBytes(32)],
      );
      const { rows } = await database.query<{ key: Buffer }>("SELECT key FROM auth_signing_key WHERE id = 1");
      return { key: rows[0]!.key, created: inserted.rowCount === 1 };
    },
    async close() {
      clearInterval(pruning);
      unsubscribe();
      await changes.close();
      await release();
    },
  };
}

const INSERT_PERSON = `INSERT INTO people (id, email, name, role, active, password_hash, invitation_hash,
  invitation_expires_at, created_at, updated_at, deactivated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`;

function personValues(record: PersonRecord): unknown[] {
  return [
    record.id,
    record.email,
    record.name,
    record.role,
    record.active,
    record.passwordHash ?? null,
    record.invitation?.hash ?? null,
    record.invitation?.expiresAt ?? null,
    record.createdAt,
    record.updatedAt,
    record.deactivatedAt ?? null,
  ];
}

function toPerson(row: PersonRow): PersonRecord {
  const record: PersonRecord = {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    active: row.active,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
  if (row.password_hash) record.passwordHash = row.password_hash;
  if (row.invitation_hash && row.invitation_expires_at)
    record.invitation = { hash: row.invitation_hash, expiresAt: row.invitation_expires_at.toISOString() };
  if (row.deactivated_at) record.deactivatedAt = row.deactivated_at.toISOString();
  return record;
}

function toSession(row: SessionRow): SessionRecord {
  const record: SessionRecord = {
    id: row.id,
    personId: row.person_id,
    tokenHash: row.token_hash,
    method: row.method,
    createdAt: row.created_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    expiresAt: row.expires_at.toISOString(),
    userAgent: row.user_agent,
  };
  if (row.ended_at) record.endedAt = row.ended_at.toISOString();
  return record;
}
