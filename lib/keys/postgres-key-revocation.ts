import "server-only";
import type pg from "pg";
import type { EventActor } from "@/lib/events/event-types";
import { grantedBy } from "./key-issuer";
import type { KeyRecord } from "./key-store";
import type { Scope } from "./scopes";

export interface KeyRow {
  id: string;
  name: string;
  scopes: string[];
  hash: string;
  created_at: Date;
  expires_at: Date | null;
  revoked_at: Date | null;
  created_by: EventActor | null;
  revoked_by: EventActor | null;
  issuer: KeyRecord["issuer"];
}

/**
 * Revokes, inside the caller's transaction, the usable keys person `personId` issued whose
 * scopes `held` does not grant. Shared by the key store and the account store, which runs it
 * in the very transaction that deactivates or demotes the person (docs/decisions/203); the
 * caller appends their `key.revoked` events (events go last, lib/events/postgres-event-queries.ts).
 */
export async function revokeKeysBeyond(
  client: pg.ClientBase,
  personId: string,
  held: readonly Scope[],
  at: Date | string,
  by: EventActor | undefined,
): Promise<KeyRecord[]> {
  const { rows } = await client.query<KeyRow>(
    `UPDATE api_keys SET revoked_at = $3, revoked_by = $4
      WHERE issuer->>'type' = 'person' AND issuer->>'id' = $1 AND revoked_at IS NULL
        AND (expires_at IS NULL OR expires_at > $3) AND NOT (scopes <@ $2::text[])
      RETURNING *`,
    [personId, grantedBy(held), at, by ?? null],
  );
  return rows.map(keyRecordOf);
}

export function keyRecordOf(row: KeyRow): KeyRecord {
  const record: KeyRecord = {
    id: row.id,
    name: row.name,
    scopes: row.scopes as Scope[],
    hash: row.hash,
    createdAt: row.created_at.toISOString(),
    issuer: row.issuer,
  };
  if (row.expires_at) record.expiresAt = row.expires_at.toISOString();
  if (row.revoked_at) record.revokedAt = row.revoked_at.toISOString();
  if (row.created_by) record.createdBy = row.created_by;
  if (row.revoked_by) record.revokedBy = row.revoked_by;
  return record;
}
