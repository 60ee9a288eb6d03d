import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, findTestServer, type TestServer } from "@/tests/support/test-postgres";
import { startWebhookReceiver } from "@/tests/support/webhook-receiver";
import { API_KEY, startInstance, type Instance } from "./instance";

/**
 * Two instances on one PostgreSQL database, both sending deliveries, one receiver: in normal
 * running each event reaches each endpoint exactly once (fan-out by compare-and-set on the
 * endpoint's cursor, claims with FOR UPDATE SKIP LOCKED: docs/decisions/168), whichever
 * instance made the change.
 */
const WEBHOOK_ENV = { PETSTORE_WEBHOOK_ALLOW_PRIVATE: "127.0.0.0/8", PETSTORE_RATE_LIMIT: "0" };

async function call(instance: Instance, method: string, path: string, body?: unknown) {
  const response = await fetch(instance.baseUrl + path, {
    method,
    headers: { Authorization: `Bearer ${API_KEY}`, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

describe("webhooks across two instances", () => {
  let server: TestServer;
  let drop: () => Promise<void>;
  let databaseUrl: string;
  const instances: Instance[] = [];

  beforeAll(async () => {
    server = await findTestServer();
    ({ url: databaseUrl, drop } = await createTestDatabase(server.adminUrl));
    instances.push(await startInstance("hooks-a", databaseUrl, { env: WEBHOOK_ENV }));
    instances.push(await startInstance("hooks-b", databaseUrl, { env: WEBHOOK_ENV }));
  }, 180_000);

  afterAll(async () => {
    for (const instance of instances) await instance.stop();
    await drop?.();
    await server?.stop();
  });

  it("delivers each event once to each endpoint, whichever instance made it", async () => {
    const [a, b] = instances as [Instance, Instance];
    const receivers = [await startWebhookReceiver(), await startWebhookReceiver()];
    try {
      const endpoints = [
        (await call(a, "POST", "/v1/webhooks", { url: receivers[0]!.url, eventTypes: ["pet.created"] })).body,
        (await call(b, "POST", "/v1/webhooks", { url: receivers[1]!.url, eventTypes: ["pet.created"] })).body,
      ] as { id: string; secret: string }[];
      const count = 200;
      const created = await Promise.all(
        Array.from({ length: count }, (_, index) =>
          call(index % 2 ? a : b, "POST", "/v1/pets", { name: `Hooked ${index}`, categoryId: 1 }),
        ),
      );
      expect(created.every((answer) => answer.status === 201)).toBe(true);
      const petIds = new Set(created.map((answer) => answer.body.id as number));

      for (const [index, receiver] of receivers.entries()) {
        await receiver.waitFor(count, 60_000);
        // Time for a duplicate to show up, if one were coming.
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        const verifier = new Webhook(endpoints[index]!.secret);
        const seen = receiver.received.map(
          (delivery) =>
            verifier.verify(delivery.body, delivery.headers) as { id: string; data: { object: { id: number } } },
        );
        expect(seen).toHaveLength(count);
        expect(new Set(seen.map((event) => event.id)).size).toBe(count);
        expect(new Set(seen.map((event) => event.data.object.id))).toEqual(petIds);
      }
    } finally {
      for (const receiver of receivers) await receiver.close();
    }
  }, 120_000);
});
