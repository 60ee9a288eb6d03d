import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { ANALYZE_AFTER_ROWS } from "./postgres-delivery-statistics";
import { openPostgresWebhookStore } from "./postgres-webhook-store";
import { deliveryRecord, endpointRecord } from "./webhook-store.contract";
import type { WebhookStore } from "./webhook-store";

const quiet = { info: () => {}, warn: () => {} };

describe("webhook_deliveries' statistics after a burst of fan-out (docs/decisions/313)", () => {
  const target = newTestSchema();
  let store: WebhookStore;
  let client: pg.Client;
  beforeAll(async () => {
    await migrateDatabase({ connectionString: target.connectionString, schema: target.schema, logger: quiet });
    store = await openPostgresWebhookStore({ connectionString: target.connectionString, schema: target.schema });
    client = new pg.Client({ connectionString: target.connectionString });
    await client.connect();
  });
  afterAll(async () => {
    await client.end();
    await store.close();
    await target.drop();
  });

  const lastAnalyze = async (): Promise<Date | null> => {
    await client.query("SELECT pg_stat_clear_snapshot()");
    const { rows } = await client.query<{ last_analyze: Date | null }>(
      "SELECT last_analyze FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = 'webhook_deliveries'",
      [target.schema],
    );
    return rows[0]?.last_analyze ?? null;
  };
  const fanOut = (endpointId: string, from: number, count: number) =>
    store.advanceCursor(
      endpointId,
      from,
      from + count,
      Array.from({ length: count }, (_, index) => deliveryRecord(endpointId, `evt_${from + index}`)),
    );

  it("analyses the table once this process has fanned out a thousand rows, not before", async () => {
    const endpoint = endpointRecord();
    await store.createEndpoint(endpoint);
    const batch = ANALYZE_AFTER_ROWS / 2 - 100;
    expect(await fanOut(endpoint.id, 0, batch)).toBe(true);
    expect(await fanOut(endpoint.id, batch, batch)).toBe(true);
    expect(await lastAnalyze()).toBeNull();
    expect(await fanOut(endpoint.id, 2 * batch, 200)).toBe(true);
    expect(await lastAnalyze()).toBeInstanceOf(Date);
  });
});
