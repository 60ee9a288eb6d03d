import "server-only";
import { createDatabase } from "@/lib/store/postgres/pool";
import { creatorOf, revokerOf, type KeyStore } from "./key-store";
import { keyRecordOf, revokeKeysBeyond, type KeyRow } from "./postgres-key-revocation";
import { appendEvents } from "@/lib/store/postgres/event-queries";
import { keyCreated, keyRevoked } from "@/lib/events/new-events";

/**
 * Keys in the api_keys table (migrations/), shared by every instance on the database. Its
 * own small pool: key lookups refresh at most twice a second and must not queue behind pets.
 * Bounded like the pets' pool (lib/store/postgres/pool.ts): a database that stalls or
 * refuses fails a read within the same time, as StoreUnavailableError (a 503).
 */
export function openPostgresKeyStore(options: { connectionString: string; schema?: string }): KeyStore {
  const pool = createDatabase(
    {
      connectionString: options.connectionString,
      max: 2,
      schema: options.schema,
      maxWaiting: 64,
      applicationName: "pet-store keys",
    },
    () => {}, // an idle connection dropped; the next query reconnects
  );
  return {
    // Each change commits with its event (docs/decisions/163), naming its actor (186).
    async add(record) {
      await pool.transaction(async (client) => {
        await client.query(
          "INSERT INTO api_keys (id, name, scopes, hash, created_at, expires_at, revoked_at, created_by, issuer) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
          [
            record.id,
            record.name,
            record.scopes,
            record.hash,
            record.createdAt,
            record.expiresAt ?? null,
            record.revokedAt ?? null,
            record.createdBy ?? null,
            record.issuer,
          ],
        );
        await appendEvents(client, [keyCreated(record, creatorOf(record))]);
      });
    },
    async list() {
      const { rows } = await pool.query<KeyRow>("SELECT * FROM api_keys ORDER BY created_at, id");
      return rows.map(keyRecordOf);
    },
    async revoke(id, at, by) {
      return pool.transaction(async (client) => {
        const { rows } = await client.query<KeyRow>(
          "UPDATE api_keys SET revoked_at = $2, revoked_by = $3 WHERE id = $1 AND revoked_at IS NULL RETURNING *",
          [id, at, by ?? null],
        );
        if (!rows[0]) return false;
        const revoked = keyRecordOf(rows[0]);
        await appendEvents(client, [keyRevoked(revoked, revokerOf(revoked))]);
        return true;
      });
    },
    revokeBeyond(personId, held, at, by) {
      return pool.transaction(async (client) => {
        const revoked = await revokeKeysBeyond(client, personId, held, at, by);
        await appendEvents(
          client,
          revoked.map((key) => keyRevoked(key, revokerOf(key))),
        );
        return revoked;
      });
    },
    close: () => pool.end(),
  };
}
