import "server-only";
import type { Event } from "@/lib/events/event-types";
import { appendEvents } from "@/lib/events/postgres-event-queries";
import type { Database } from "@/lib/store/postgres/pool";
import { borrowOrOpen } from "@/lib/store/postgres/pools";
import type { PasskeyRecord } from "./passkey";
import type { PasskeyStore } from "./passkey-store";

interface PasskeyRow {
  id: string;
  person_id: string;
  credential_id: string;
  public_key: string;
  counter: string;
  transports: string[];
  device_type: PasskeyRecord["deviceType"];
  backed_up: boolean;
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const UNIQUE_VIOLATION = "23505";

/**
 * Passkeys in the passkeys table, shared by every instance; used challenges in
 * passkey_challenges, so an answer is taken once whichever instance gets it. A sign-in reads
 * one row by its credential id, so nothing is cached. Each change commits with its events.
 */
export function openPostgresPasskeyStore(options: {
  connectionString: string;
  schema?: string;
  /** The process's request pool (docs/decisions/242); without it, a pool of the store's own. */
  database?: Database;
}): PasskeyStore {
  const { database, release } = borrowOrOpen(options, {
    max: 2,
    maxWaiting: 64,
    applicationName: "pet-store passkeys",
  });
  const removeWhere = (where: string, values: unknown[], events: (removed: PasskeyRecord[]) => Event[]) =>
    database.transaction(async (client) => {
      const { rows } = await client.query<PasskeyRow>(`DELETE FROM passkeys WHERE ${where} RETURNING *`, values);
      const removed = rows.map(toRecord).sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
      if (removed.length > 0) await appendEvents(client, events(removed));
      return removed;
    });

  return {
    async add(record, events) {
      try {
        await database.transaction(async (client) => {
          await client.query(
            `INSERT INTO passkeys (id, person_id, credential_id, public_key, counter, transports, device_type,
               backed_up, name, created_at, last_used_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
            [
              record.id,
              record.personId,
              record.credentialId,
              record.publicKey,
              record.counter,
              record.transports,
              record.deviceType,
              record.backedUp,
              record.name,
              record.createdAt,
              record.lastUsedAt ?? null,
            ],
          );
          await appendEvents(client, events);
        });
        return true;
      } catch (error) {
        if ((error as { code?: string }).code === UNIQUE_VIOLATION) return false;
        throw error;
      }
    },
    async list(personId) {
      const { rows } = await database.query<PasskeyRow>(
        "SELECT * FROM passkeys WHERE person_id = $1 ORDER BY created_at, id",
        [personId],
      );
      return rows.map(toRecord);
    },
    async findByCredentialId(credentialId) {
      const { rows } = await database.query<PasskeyRow>("SELECT * FROM passkeys WHERE credential_id = $1", [
        credentialId,
      ]);
      return rows[0] && toRecord(rows[0]);
    },
    async recordUse(id, use) {
      // The counter test is in the UPDATE itself: two instances with the same answer cannot both pass it.
      const { rowCount } = await database.query(
        `UPDATE passkeys SET counter = $2, backed_up = $3, last_used_at = $4
         WHERE id = $1 AND (counter < $2 OR (counter = 0 AND $2 = 0))`,
        [id, use.counter, use.backedUp, use.at],
      );
      return rowCount === 1;
    },
    async remove(personId, id, events) {
      const [removed] = await removeWhere("id = $1 AND person_id = $2", [id, personId], (rows) => events(rows[0]!));
      return removed;
    },
    removeAll: (personId, events) => removeWhere("person_id = $1", [personId], events),
    async useChallenge(hash, expiresAt, now) {
      // Expired challenges go as new ones come: the table holds about five minutes' worth.
      const { rowCount } = await database.query(
        `WITH expired AS (DELETE FROM passkey_challenges WHERE expires_at <= $3)
         INSERT INTO passkey_challenges (hash, expires_at) VALUES ($1, $2) ON CONFLICT (hash) DO NOTHING`,
        [hash, expiresAt, now],
      );
      return rowCount === 1;
    },
    close: release,
  };
}

function toRecord(row: PasskeyRow): PasskeyRecord {
  const record: PasskeyRecord = {
    id: row.id,
    personId: row.person_id,
    credentialId: row.credential_id,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: row.transports,
    deviceType: row.device_type,
    backedUp: row.backed_up,
    name: row.name,
    createdAt: row.created_at.toISOString(),
  };
  if (row.last_used_at) record.lastUsedAt = row.last_used_at.toISOString();
  return record;
}
