import "server-only";
import type { Database } from "@/lib/store/postgres/pool";
import { borrowOrOpen } from "@/lib/store/postgres/pools";
import { creatorOf, revokerOf, type KeyStore } from "./key-store";
import { keyRecordOf, revokeKeysBeyond, type KeyRow } from "./postgres-key-revocation";
import { appendEvents } from "@/lib/events/postgres-event-queries";
import { keyCreated, keyRevoked } from "@/lib/events/new-events";

/**
 * Keys in the api_keys table (migrations/), shared by every instance on the database. On
 * the process's request pool when given one (docs/decisions/242): key lookups refresh at most
 * twice a second, and a database that stalls or refuses fails a read within the pool's
 * bounds, as StoreUnavailableError (a 503).
 */
export function openPostgresKeyStore(options: {
  connectionString: string;
  schema?: string;
  database?: Database;
}): KeyStore {
  const { database: pool, release } = borrowOrOpen(options, {
    max: 2,
    maxWaiting: 64,
    applicationName: "pet-store keys",
  });
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
    close: release,
  };
}
