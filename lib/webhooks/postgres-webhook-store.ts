import "server-only";
import type pg from "pg";
import { announceEventsAppended } from "@/lib/events/appended";
import { appendEvents } from "@/lib/events/postgres-event-queries";
import type { Database } from "@/lib/store/postgres/pool";
import { borrowOrOpen } from "@/lib/store/postgres/pools";
import { deliveryStatistics } from "./postgres-delivery-statistics";
import { signingSecrets } from "./signing-secrets";
import type { DeliveryAttempt } from "./schemas";
import type {
  AttemptResult,
  DeliveryRecord,
  EndpointAudit,
  EndpointChange,
  EndpointRecord,
  WebhookStore,
} from "./webhook-store";

interface EndpointRow {
  id: string;
  url: string;
  event_types: EndpointRecord["eventTypes"];
  enabled: boolean;
  description: string;
  health: EndpointRecord["health"];
  health_reason: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_expires_at: Date | null;
  secret_rotated_at: Date | null;
  cursor: string;
  created_at: Date;
  updated_at: Date;
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: DeliveryRecord["status"];
  created_at: Date;
  next_attempt_at: Date | null;
  max_attempts: number;
  attempts: DeliveryAttempt[];
}

/**
 * A delivery's columns as toDelivery reads them. A claim returns only these: each is parsed on
 * the server's thread (timestamps into Dates), once per delivery sent.
 */
const DELIVERY_COLUMNS: readonly (keyof DeliveryRow)[] = [
  "id",
  "endpoint_id",
  "webhook_id",
  "event_id",
  "event_type",
  "payload",
  "status",
  "created_at",
  "next_attempt_at",
  "max_attempts",
  "attempts",
];

const COLUMNS: Record<keyof EndpointChange, string> = {
  url: "url",
  eventTypes: "event_types",
  enabled: "enabled",
  description: "description",
  health: "health",
  healthReason: "health_reason",
  secret: "secret",
  previousSecret: "previous_secret",
  previousSecretExpiresAt: "previous_secret_expires_at",
  secretRotatedAt: "secret_rotated_at",
  cursor: "cursor",
};

/**
 * Webhooks in the webhook_endpoints and webhook_deliveries tables (migrations/), shared by
 * every instance on the database. Claims (docs/decisions/168): due rows are taken with
 * FOR UPDATE SKIP LOCKED and leased in the same statement, so two instances never send the
 * same delivery at once; fan-out moves an endpoint's cursor by compare-and-set in the
 * transaction that inserts the deliveries, and (endpoint, event) is unique besides.
 * Operators' changes and reads run on the process's request pool, delivery's work (fan-out,
 * claims, attempts) on its background pool, so a burst of deliveries never queues a request
 * (docs/decisions/242).
 */
export function openPostgresWebhookStore(options: {
  connectionString: string;
  schema?: string;
  /** Connections of the store's own pool, when it is given none. */
  max?: number;
  database?: Database;
  background?: Database;
}): WebhookStore {
  const { database: db, release } = borrowOrOpen(options, {
    max: options.max ?? 4,
    applicationName: "pet-store webhooks",
  });
  const background = options.background ?? db;
  const statistics = deliveryStatistics(background);
  const endpointOf = async (id: string) => {
    const { rows } = await db.query<EndpointRow>("SELECT * FROM webhook_endpoints WHERE id = $1", [id]);
    return rows[0] && toEndpoint(rows[0]);
  };
  /**
   * An operator's change in a transaction that records its event as its last statement
   * (docs/decisions/169); this process's listeners hear of it once it commits.
   */
  const auditedTransaction = async <T>(
    audit: EndpointAudit | undefined,
    work: (client: pg.PoolClient, recordAudit: (record: EndpointRecord) => Promise<void>) => Promise<T>,
  ): Promise<T> => {
    let sequence = -1;
    const result = await db.transaction((client) =>
      work(client, async (record) => {
        if (audit) [sequence = -1] = await appendEvents(client, [audit(record)]);
      }),
    );
    if (sequence > 0) announceEventsAppended(sequence);
    return result;
  };
  return {
    createEndpoint: (record, audit) =>
      auditedTransaction(audit, async (client, recordAudit) => {
        await client.query(
          `INSERT INTO webhook_endpoints (id, url, event_types, enabled, description, health, health_reason, secret,
           previous_secret, previous_secret_expires_at, secret_rotated_at, cursor, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
          [
            record.id,
            record.url,
            record.eventTypes,
            record.enabled,
            record.description,
            record.health,
            record.healthReason ?? null,
            record.secret,
            record.previousSecret ?? null,
            record.previousSecretExpiresAt ?? null,
            record.secretRotatedAt ?? null,
            record.cursor,
            record.createdAt,
            record.updatedAt,
          ],
        );
        await recordAudit(record);
      }),
    async listEndpoints() {
      const { rows } = await db.query<EndpointRow>("SELECT * FROM webhook_endpoints ORDER BY created_at, id");
      return rows.map(toEndpoint);
    },
    getEndpoint: endpointOf,
    updateEndpoint(id, change, at, audit) {
      const names = Object.keys(change) as (keyof EndpointChange)[];
      const sets = names.map((name, index) => `${COLUMNS[name]} = $${index + 3}`);
      return auditedTransaction(audit, async (client, recordAudit) => {
        const { rows } = await client.query<EndpointRow>(
          `UPDATE webhook_endpoints SET ${[...sets, "updated_at = $2"].join(", ")} WHERE id = $1 RETURNING *`,
          [id, at, ...names.map((name) => change[name] ?? null)],
        );
        const updated = rows[0] && toEndpoint(rows[0]);
        if (updated) await recordAudit(updated);
        return updated;
      });
    },
    deleteEndpoint: (id, audit) =>
      auditedTransaction(audit, async (client, recordAudit) => {
        const { rows } = await client.query<EndpointRow>("DELETE FROM webhook_endpoints WHERE id = $1 RETURNING *", [
          id,
        ]);
        if (!rows[0]) return false;
        await recordAudit(toEndpoint(rows[0]));
        return true;
      }),
    async advanceCursor(endpointId, from, to, deliveries) {
      const advanced = await background.transaction(async (client) => {
        const moved = await client.query("UPDATE webhook_endpoints SET cursor = $3 WHERE id = $1 AND cursor = $2", [
          endpointId,
          from,
          to,
        ]);
        if (moved.rowCount !== 1) return false;
        if (deliveries.length > 0) {
          await client.query(
            `INSERT INTO webhook_deliveries (id, endpoint_id, webhook_id, event_id, event_type, payload, status,
               created_at, next_attempt_at, max_attempts)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
               $8::timestamptz[], $9::timestamptz[], $10::int[])
             ON CONFLICT (endpoint_id, event_id) DO NOTHING`,
            columnsOf(deliveries),
          );
        }
        return true;
      });
      if (advanced) await statistics.fannedOut(deliveries.length);
      return advanced;
    },
    async addDelivery(delivery) {
      await db.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, webhook_id, event_id, event_type, payload, status,
           created_at, next_attempt_at, max_attempts)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
           $8::timestamptz[], $9::timestamptz[], $10::int[])`,
        columnsOf([delivery]),
      );
    },
    async claimDue(now, limit, leaseMs) {
      const { rows } = await background.query<DeliveryRow & EndpointRow>(
        `WITH due AS (
           SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
           WHERE d.status = 'pending' AND d.next_attempt_at <= $1 AND (d.lease_until IS NULL OR d.lease_until <= $1)
             AND e.enabled
           ORDER BY d.next_attempt_at LIMIT $2
           FOR UPDATE OF d SKIP LOCKED
         ), claimed AS (
           UPDATE webhook_deliveries d SET lease_until = $1::timestamptz + $3 * interval '1 millisecond'
           FROM due WHERE d.id = due.id RETURNING ${DELIVERY_COLUMNS.map((column) => `d.${column}`).join(", ")}
         )
         SELECT claimed.*, e.url, e.secret, e.previous_secret, e.previous_secret_expires_at
         FROM claimed JOIN webhook_endpoints e ON e.id = claimed.endpoint_id`,
        [now, limit, leaseMs],
      );
      return rows.map((row) => ({
        delivery: toDelivery(row),
        url: row.url,
        secrets: signingSecrets(
          {
            secret: row.secret,
            previousSecret: row.previous_secret ?? undefined,
            previousSecretExpiresAt: row.previous_secret_expires_at?.toISOString(),
          },
          now,
        ),
      }));
    },
    async recordAttempts(results) {
      if (results.length === 0) return;
      const health = lastHealthChanges(results);
      // One statement, so one round trip for the whole batch and atomic without a transaction:
      // PostgreSQL runs a data-modifying WITH once whether or not the rest reads it.
      await background.query(
        `WITH attempts AS (
           UPDATE webhook_deliveries d SET attempts = d.attempts || jsonb_build_array(r.attempt),
             status = r.status, next_attempt_at = r.next_attempt_at, lease_until = NULL
           FROM unnest($1::text[], $2::jsonb[], $3::text[], $4::timestamptz[]) AS r(id, attempt, status, next_attempt_at)
           WHERE d.id = r.id
         )
         UPDATE webhook_endpoints e SET health = h.health, health_reason = h.reason, updated_at = h.at,
           enabled = e.enabled AND NOT h.disable
         FROM unnest($5::text[], $6::text[], $7::text[], $8::timestamptz[], $9::boolean[])
           AS h(id, health, reason, at, disable)
         WHERE e.id = h.id AND (h.disable OR (e.health <> h.health AND e.health <> 'disabled'))`,
        [
          results.map((result) => result.deliveryId),
          results.map((result) => JSON.stringify(result.attempt)),
          results.map((result) => result.status),
          results.map((result) => result.nextAttemptAt ?? null),
          health.map((change) => change.endpointId),
          health.map((change) => change.health),
          health.map((change) => change.reason ?? null),
          health.map((change) => change.at),
          health.map((change) => change.disable ?? false),
        ],
      );
    },
    async listDeliveries(endpointId, limit) {
      const { rows } = await db.query<DeliveryRow>(
        "SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2",
        [endpointId, limit],
      );
      return rows.map(toDelivery);
    },
    async redeliver(endpointId, deliveryId, now) {
      const { rows } = await db.query<DeliveryRow>(
        `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $3,
           max_attempts = jsonb_array_length(attempts) + 1, lease_until = NULL
         WHERE id = $2 AND endpoint_id = $1 RETURNING *`,
        [endpointId, deliveryId, now],
      );
      return rows[0] && toDelivery(rows[0]);
    },
    close: release,
  };
}

/**
 * One health change per endpoint, which leaves it as the batch's changes one by one would:
 * the last, unless one disables it (the last of those: once disabled, only an operator
 * changes it). Every 2xx asks for "healthy", so a batch to one endpoint makes one update, not one per delivery.
 */
function lastHealthChanges(results: readonly AttemptResult[]) {
  const changes = new Map<string, NonNullable<AttemptResult["endpointHealth"]> & { endpointId: string; at: string }>();
  for (const { endpointId, endpointHealth, attempt } of results) {
    if (!endpointHealth) continue;
    if (changes.get(endpointId)?.disable && !endpointHealth.disable) continue;
    changes.set(endpointId, { ...endpointHealth, endpointId, at: attempt.at });
  }
  return [...changes.values()];
}

function columnsOf(deliveries: readonly DeliveryRecord[]): unknown[][] {
  return [
    deliveries.map((d) => d.id),
    deliveries.map((d) => d.endpointId),
    deliveries.map((d) => d.webhookId),
    deliveries.map((d) => d.eventId),
    deliveries.map((d) => d.eventType),
    deliveries.map((d) => d.payload),
    deliveries.map((d) => d.status),
    deliveries.map((d) => d.createdAt),
    deliveries.map((d) => d.nextAttemptAt ?? null),
    deliveries.map((d) => d.maxAttempts),
  ];
}

function toEndpoint(row: EndpointRow): EndpointRecord {
  const record: EndpointRecord = {
    id: row.id,
    url: row.url,
    eventTypes: row.event_types,
    enabled: row.enabled,
    description: row.description,
    health: row.health,
    secret: row.secret,
    cursor: Number(row.cursor),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
  if (row.health_reason) record.healthReason = row.health_reason;
  if (row.previous_secret) record.previousSecret = row.previous_secret;
  if (row.previous_secret_expires_at) record.previousSecretExpiresAt = row.previous_secret_expires_at.toISOString();
  if (row.secret_rotated_at) record.secretRotatedAt = row.secret_rotated_at.toISOString();
  return record;
}

function toDelivery(row: DeliveryRow): DeliveryRecord {
  const record: DeliveryRecord = {
    id: row.id,
    endpointId: row.endpoint_id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    eventType: row.event_type,
    payload: row.payload,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    maxAttempts: row.max_attempts,
    attempts: row.attempts,
  };
  if (row.next_attempt_at) record.nextAttemptAt = row.next_attempt_at.toISOString();
  return record;
}
