import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { DeliveryRecord, EndpointRecord, WebhookStore } from "./webhook-store";

export interface ContractTarget {
  open(): Promise<WebhookStore>;
  cleanup(): Promise<void>;
}

let serial = 0;
export function endpointRecord(overrides: Partial<EndpointRecord> = {}): EndpointRecord {
  serial += 1;
  return {
    id: `we_${serial.toString(16).padStart(16, "0")}`,
    url: "http://127.0.0.1:9/hook",
    eventTypes: ["*"],
    enabled: true,
    description: "",
    health: "healthy",
    secret: "whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0",
    cursor: 0,
    createdAt: "2026-11-26T10:00:00.000Z",
    updatedAt: "2026-11-26T10:00:00.000Z",
    ...overrides,
  };
}

export function deliveryRecord(
  endpointId: string,
  eventId: string,
  overrides: Partial<DeliveryRecord> = {},
): DeliveryRecord {
  serial += 1;
  return {
    id: `whd_${serial}`,
    endpointId,
    webhookId: eventId,
    eventId,
    eventType: "pet.created",
    payload: `{"id":"${eventId}"}`,
    status: "pending",
    createdAt: "2026-11-26T10:00:00.000Z",
    nextAttemptAt: "2026-11-26T10:00:00.000Z",
    maxAttempts: 3,
    attempts: [],
    ...overrides,
  };
}

const NOW = new Date("2026-11-26T10:00:01.000Z");

/** What every WebhookStore adapter promises (./webhook-store.ts). */
export function describeWebhookStoreContract(name: string, target: () => Promise<ContractTarget>): void {
  describe(`WebhookStore contract: ${name}`, () => {
    let setup: ContractTarget;
    let store: WebhookStore;
    beforeEach(async () => {
      setup = await target();
      store = await setup.open();
    });
    afterEach(async () => {
      await store.close();
      await setup.cleanup();
    });

    it("keeps endpoints, with their secrets, across a reopen", async () => {
      const endpoint = endpointRecord({ description: "orders to the CRM", eventTypes: ["order.placed"] });
      await store.createEndpoint(endpoint);
      await store.close();
      store = await setup.open();
      expect(await store.getEndpoint(endpoint.id)).toEqual(endpoint);
      expect(await store.listEndpoints()).toEqual([endpoint]);
    });

    it("updates fields, clears those set to undefined, and deletes", async () => {
      const endpoint = endpointRecord({ health: "failing", healthReason: "HTTP 500" });
      await store.createEndpoint(endpoint);
      const updated = await store.updateEndpoint(
        endpoint.id,
        { enabled: false, health: "disabled", healthReason: undefined, cursor: 7 },
        "2026-11-26T11:00:00.000Z",
      );
      expect(updated).toEqual({
        ...endpoint,
        enabled: false,
        health: "disabled",
        healthReason: undefined,
        cursor: 7,
        updatedAt: "2026-11-26T11:00:00.000Z",
      });
      expect(
        await store.updateEndpoint("we_ffffffffffffffff", { enabled: true }, "2026-11-26T11:00:00.000Z"),
      ).toBeUndefined();
      expect(await store.deleteEndpoint(endpoint.id)).toBe(true);
      expect(await store.deleteEndpoint(endpoint.id)).toBe(false);
      expect(await store.getEndpoint(endpoint.id)).toBeUndefined();
    });

    it("moves a cursor only from where it stands, recording the deliveries with it", async () => {
      const endpoint = endpointRecord();
      await store.createEndpoint(endpoint);
      expect(await store.advanceCursor(endpoint.id, 0, 5, [deliveryRecord(endpoint.id, "evt_1")])).toBe(true);
      expect(await store.advanceCursor(endpoint.id, 0, 6, [deliveryRecord(endpoint.id, "evt_2")])).toBe(false);
      expect((await store.getEndpoint(endpoint.id))?.cursor).toBe(5);
      expect((await store.listDeliveries(endpoint.id, 10)).map((d) => d.eventId)).toEqual(["evt_1"]);
    });

    it("claims a due delivery once until its result is recorded, then retries or finishes it", async () => {
      const endpoint = endpointRecord();
      await store.createEndpoint(endpoint);
      const delivery = deliveryRecord(endpoint.id, "evt_9");
      await store.addDelivery(delivery);
      const [claimed] = await store.claimDue(NOW, 10, 60_000);
      expect(claimed?.delivery.id).toBe(delivery.id);
      expect(claimed?.url).toBe(endpoint.url);
      expect(claimed?.secrets).toEqual([endpoint.secret]);
      expect(await store.claimDue(NOW, 10, 60_000)).toEqual([]);
      const attempt = { at: NOW.toISOString(), durationMs: 3, statusCode: 500, responseBody: "oops" };
      await store.recordAttempts([
        {
          deliveryId: delivery.id,
          endpointId: endpoint.id,
          attempt,
          status: "pending",
          nextAttemptAt: "2026-11-26T10:00:06.000Z",
        },
      ]);
      expect(await store.claimDue(NOW, 10, 60_000)).toEqual([]);
      const later = new Date("2026-11-26T10:00:07.000Z");
      expect((await store.claimDue(later, 10, 60_000)).map((c) => c.delivery.attempts)).toEqual([[attempt]]);
      await store.recordAttempts([
        {
          deliveryId: delivery.id,
          endpointId: endpoint.id,
          attempt: { ...attempt, statusCode: 410 },
          status: "failed",
          endpointHealth: { health: "disabled", reason: "410", disable: true },
        },
      ]);
      const [listed] = await store.listDeliveries(endpoint.id, 10);
      expect(listed?.status).toBe("failed");
      expect(listed?.attempts).toHaveLength(2);
      expect(await store.getEndpoint(endpoint.id)).toMatchObject({
        enabled: false,
        health: "disabled",
        healthReason: "410",
      });
    });

    it("records a batch as its results one by one would leave it: a 410 among 2xx disables, a 2xx after failing heals", async () => {
      const [gone, failing] = [endpointRecord(), endpointRecord({ health: "failing", healthReason: "HTTP 500" })];
      await store.createEndpoint(gone);
      await store.createEndpoint(failing);
      const ids = ["evt_20", "evt_21", "evt_22", "evt_23", "evt_24"];
      for (const [index, id] of ids.entries()) {
        await store.addDelivery(deliveryRecord(index < 3 ? gone.id : failing.id, id));
      }
      const claimed = await store.claimDue(NOW, 10, 60_000);
      expect(claimed).toHaveLength(5);
      const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();
      const result = (eventId: string, seconds: number, statusCode: number) => {
        const { delivery } = claimed.find((item) => item.delivery.eventId === eventId)!;
        return {
          deliveryId: delivery.id,
          endpointId: delivery.endpointId,
          attempt: { at: at(seconds), durationMs: 1, statusCode },
        };
      };
      await store.recordAttempts([
        { ...result("evt_20", 1, 204), status: "delivered", endpointHealth: { health: "healthy" } },
        {
          ...result("evt_21", 2, 410),
          status: "failed",
          endpointHealth: { health: "disabled", reason: "410", disable: true },
        },
        { ...result("evt_22", 3, 204), status: "delivered", endpointHealth: { health: "healthy" } },
        {
          ...result("evt_23", 1, 500),
          status: "failed",
          endpointHealth: { health: "failing", reason: "HTTP 500 again" },
        },
        { ...result("evt_24", 2, 204), status: "delivered", endpointHealth: { health: "healthy" } },
      ]);
      expect(await store.getEndpoint(gone.id)).toMatchObject({
        enabled: false,
        health: "disabled",
        healthReason: "410",
      });
      const healed = await store.getEndpoint(failing.id);
      expect(healed).toMatchObject({ enabled: true, health: "healthy", updatedAt: at(2) });
      expect(healed?.healthReason).toBeUndefined();
      const statuses = [...(await store.listDeliveries(gone.id, 10)), ...(await store.listDeliveries(failing.id, 10))];
      expect(Object.fromEntries(statuses.map((d) => [d.eventId, d.status]))).toEqual({
        evt_20: "delivered",
        evt_21: "failed",
        evt_22: "delivered",
        evt_23: "failed",
        evt_24: "delivered",
      });
    });

    it("lets a claim run out, so a crashed sender's delivery goes again", async () => {
      const endpoint = endpointRecord();
      await store.createEndpoint(endpoint);
      await store.addDelivery(deliveryRecord(endpoint.id, "evt_10"));
      expect(await store.claimDue(NOW, 10, 1_000)).toHaveLength(1);
      expect(await store.claimDue(new Date(NOW.getTime() + 2_000), 10, 1_000)).toHaveLength(1);
    });

    it("signs with the previous secret too while its overlap lasts", async () => {
      const endpoint = endpointRecord({
        previousSecret: "whsec_b2xkb2xkb2xkb2xkb2xkb2xkb2xkb2xk",
        previousSecretExpiresAt: "2026-11-26T10:05:00.000Z",
      });
      await store.createEndpoint(endpoint);
      await store.addDelivery(deliveryRecord(endpoint.id, "evt_11"));
      const [claimed] = await store.claimDue(NOW, 10, 1_000);
      expect(claimed?.secrets).toEqual([endpoint.secret, endpoint.previousSecret]);
    });

    it("redelivers a finished delivery once more, and keeps it through a reopen", async () => {
      const endpoint = endpointRecord();
      await store.createEndpoint(endpoint);
      const delivery = deliveryRecord(endpoint.id, "evt_12", { maxAttempts: 1 });
      await store.addDelivery(delivery);
      await store.claimDue(NOW, 10, 1_000);
      await store.recordAttempts([
        {
          deliveryId: delivery.id,
          endpointId: endpoint.id,
          attempt: { at: NOW.toISOString(), durationMs: 1, statusCode: 204 },
          status: "delivered",
        },
      ]);
      expect(await store.redeliver(endpoint.id, "whd_nope", NOW.toISOString())).toBeUndefined();
      expect(await store.redeliver(endpoint.id, delivery.id, NOW.toISOString())).toBeDefined();
      await store.close();
      store = await setup.open();
      const [claimed] = await store.claimDue(NOW, 10, 1_000);
      expect(claimed?.delivery).toMatchObject({ id: delivery.id, maxAttempts: 2, status: "pending" });
    });

    it("does not claim for a disabled endpoint, and deleting one deletes its deliveries", async () => {
      const endpoint = endpointRecord({ enabled: false, health: "disabled" });
      await store.createEndpoint(endpoint);
      await store.addDelivery(deliveryRecord(endpoint.id, "evt_13"));
      expect(await store.claimDue(NOW, 10, 1_000)).toEqual([]);
      await store.deleteEndpoint(endpoint.id);
      expect(await store.listDeliveries(endpoint.id, 10)).toEqual([]);
    });
  });
}
