import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Event } from "@/lib/events/event-types";
import { webhookEndpointChanged } from "@/lib/events/new-events";
import { openFileWebhookStore, WEBHOOKS_FILE } from "./file-webhook-store";
import { deliveryRecord, endpointRecord } from "./webhook-store.contract";
import type { EndpointRecord } from "./webhook-store";

describe("the file webhook store", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-webhook-file-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("drops a line torn by a crash and keeps everything before it", async () => {
    const store = await openFileWebhookStore(dir);
    const endpoint = endpointRecord();
    await store.createEndpoint(endpoint);
    await store.advanceCursor(endpoint.id, 0, 3, [deliveryRecord(endpoint.id, "evt_a")]);
    await store.close();
    const file = path.join(dir, WEBHOOKS_FILE);
    fs.appendFileSync(file, '{"delivery":{"id":"whd_torn","endpo');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const reopened = await openFileWebhookStore(dir);
    expect((await reopened.getEndpoint(endpoint.id))?.cursor).toBe(3);
    expect((await reopened.listDeliveries(endpoint.id, 10)).map((delivery) => delivery.eventId)).toEqual(["evt_a"]);
    await reopened.addDelivery(deliveryRecord(endpoint.id, "evt_b"));
    await reopened.close();
    const again = await openFileWebhookStore(dir);
    expect((await again.listDeliveries(endpoint.id, 10)).map((delivery) => delivery.eventId)).toEqual([
      "evt_b",
      "evt_a",
    ]);
    await again.close();
  });

  it("offers an operator's change's event to the log again when a crash kept it out", async () => {
    const endpoint = endpointRecord();
    let event: Event | undefined;
    const crashing = {
      retentionDays: 30,
      append: async () => {
        throw new Error("the process died before the log took the event");
      },
    };
    const store = await openFileWebhookStore(dir, crashing);
    const audit = (record: EndpointRecord) =>
      (event = webhookEndpointChanged("webhook_endpoint.created", shown(record), new Date().toISOString()));
    await expect(store.createEndpoint(endpoint, audit)).rejects.toThrow("died");
    await store.close();

    const logged: Event[] = [];
    const log = { retentionDays: 30, append: async (events: Event[]) => logged.push(...events) };
    const reopened = await openFileWebhookStore(dir, log);
    expect(await reopened.getEndpoint(endpoint.id)).toBeDefined();
    expect(logged).toEqual([event]);
    await reopened.close();
  });

  it("offers no carried event older than retention", async () => {
    const old = webhookEndpointChanged("webhook_endpoint.deleted", shown(endpointRecord()), "2020-01-01T00:00:00.000Z");
    fs.writeFileSync(path.join(dir, WEBHOOKS_FILE), `${JSON.stringify({ event: old })}\n`);
    const logged: Event[] = [];
    const store = await openFileWebhookStore(dir, {
      retentionDays: 30,
      append: async (events) => logged.push(...events),
    });
    expect(logged).toEqual([]);
    await store.close();
  });
});

/** The endpoint as events show it: without its secrets or cursor. */
function shown(record: EndpointRecord) {
  const { id, url, eventTypes, enabled, description, health, createdAt, updatedAt } = record;
  return { id, url, eventTypes, enabled, description, health, createdAt, updatedAt };
}
