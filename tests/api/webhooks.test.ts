import { setTimeout as sleep } from "node:timers/promises";
import { Webhook } from "standardwebhooks";
import { afterAll, describe, expect, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { issueTestKey } from "@/tests/api/support/issued-keys";
import { startWebhookReceiver } from "@/tests/support/webhook-receiver";

/*
 * Webhook endpoints and their deliveries, against a real server (both servers, both stores).
 * The server allows 127.0.0.0/8 and retries every 200 ms (tests/api/server.setup.ts); every
 * delivery is verified with the standardwebhooks package, never with our own signing code.
 */

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

async function register(url: string, body: Record<string, unknown> = {}) {
  const created = await api("/v1/webhooks", { json: { url, ...body } });
  expect(created.status).toBe(201);
  return created.json as { id: string; secret: string; health: string };
}

async function createPet(name: string): Promise<number> {
  const created = await api("/v1/pets", { json: { name, categoryId: 1 } });
  expect(created.status).toBe(201);
  return created.json.id as number;
}

async function deliveriesOf(id: string) {
  const listed = await api(`/v1/webhooks/${id}/deliveries`);
  expect(listed.status).toBe(200);
  return listed.json as {
    id: string;
    status: string;
    eventType: string;
    webhookId: string;
    attempts: { statusCode?: number; error?: string; responseBody?: string }[];
  }[];
}

async function eventually<T>(check: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("not within the time allowed");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface EndpointEvent {
  type: string;
  actor: { type: string };
  data: { object: { id: string } };
}

/** Every webhook_endpoint.* event about endpoint `id` in the feed, oldest first. */
async function endpointEvents(id: string): Promise<EndpointEvent[]> {
  const types = ["created", "updated", "secret_rotated", "deleted"].map((change) => `webhook_endpoint.${change}`);
  const found: EndpointEvent[] = [];
  let next = `/v1/events?limit=100&type=${types.join(",")}`;
  for (;;) {
    const page = await api(next);
    expect(page.status, page.text).toBe(200);
    const events = page.json as EndpointEvent[];
    found.push(...events.filter((event) => event.data.object.id === id));
    if (events.length < 100) return found;
    next = /^<([^>]+)>/.exec(String(page.headers.link))![1]!;
  }
}

function verify(secret: string, delivery: { headers: Record<string, string>; body: string }) {
  return new Webhook(secret).verify(delivery.body, delivery.headers) as {
    id: string;
    type: string;
    data: { object: { id: number; name?: string } };
  };
}

describe("webhooks", () => {
  const receivers: Receiver[] = [];
  const endpoints: string[] = [];
  const receiver = async (answers?: Parameters<typeof startWebhookReceiver>[0]) => {
    const started = await startWebhookReceiver(answers);
    receivers.push(started);
    return started;
  };
  const endpoint = async (url: string, body?: Record<string, unknown>) => {
    const created = await register(url, body);
    endpoints.push(created.id);
    return created;
  };

  afterAll(async () => {
    for (const id of endpoints) await api(`/v1/webhooks/${id}`, { method: "DELETE" });
    for (const started of receivers) await started.close();
  });

  it("registers an endpoint, shows its secret once, and lists, changes and deletes it", async () => {
    const created = await api("/v1/webhooks", {
      json: { url: "https://example.org/hooks", eventTypes: ["pet.created", "order.placed"], description: "CRM" },
    });
    expect(created.status).toBe(201);
    expect(created.json.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(created.headers.location).toBe(`/v1/webhooks/${created.json.id}`);
    expect(created.json).toMatchObject({ enabled: true, health: "healthy", description: "CRM" });
    const id = created.json.id as string;

    const read = await api(`/v1/webhooks/${id}`);
    expect(read.status).toBe(200);
    expect(read.json).not.toHaveProperty("secret");
    expect(read.text).not.toContain(created.json.secret);
    expect((await api("/v1/webhooks")).json).toContainEqual(read.json);

    const off = await api(`/v1/webhooks/${id}`, { method: "PATCH", json: { enabled: false } });
    expect(off.json).toMatchObject({ enabled: false, health: "disabled", healthReason: "Disabled by an operator." });
    const on = await api(`/v1/webhooks/${id}`, { method: "PATCH", json: { enabled: true, eventTypes: ["*"] } });
    expect(on.json).toMatchObject({ enabled: true, health: "healthy", eventTypes: ["*"] });
    expect(on.json).not.toHaveProperty("healthReason");

    expect((await api(`/v1/webhooks/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api(`/v1/webhooks/${id}`)).status).toBe(404);
    expect((await api(`/v1/webhooks/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("records each change an operator makes to an endpoint as an event, never with a secret", async () => {
    const created = await api("/v1/webhooks", { json: { url: "https://example.org/audited", enabled: false } });
    expect(created.status).toBe(201);
    const id = created.json.id as string;
    const secrets = [created.json.secret as string];
    const patch = (json: Record<string, unknown>) => api(`/v1/webhooks/${id}`, { method: "PATCH", json });
    expect((await patch({ description: "Audited" })).status).toBe(200);
    expect((await patch({ description: "Audited" })).status).toBe(200); // changes nothing: no event
    const rotated = await api(`/v1/webhooks/${id}/rotate-secret`, { json: { overlapSeconds: 60 } });
    expect(rotated.status).toBe(200);
    secrets.push(rotated.json.secret as string);
    const before = (await api(`/v1/webhooks/${id}`)).json;
    expect((await api(`/v1/webhooks/${id}`, { method: "DELETE" })).status).toBe(204);

    const events = await endpointEvents(id);
    expect(events.map((event) => event.type)).toEqual([
      "webhook_endpoint.created",
      "webhook_endpoint.updated",
      "webhook_endpoint.secret_rotated",
      "webhook_endpoint.deleted",
    ]);
    expect(events[0]?.data.object).toMatchObject({ url: "https://example.org/audited", enabled: false });
    expect(events[1]?.data.object).toMatchObject({ description: "Audited" });
    expect(events[3]?.data.object).toEqual(before);
    for (const event of events) {
      expect(event.actor.type).toBe("api_key");
      expect(event.data.object).not.toHaveProperty("secret");
      for (const secret of secrets) expect(JSON.stringify(event)).not.toContain(secret.slice("whsec_".length));
      expect(JSON.stringify(event)).not.toContain("whsec_");
    }
  });

  it("refuses bad endpoints and callers without the scope", async () => {
    for (const json of [
      { url: "ftp://example.org/x" },
      { url: "not a url" },
      { url: "https://user:pw@example.org/" },
      { url: "https://example.org/", eventTypes: ["pet.eaten"] },
      { url: "https://example.org/", eventTypes: [] },
      { url: "https://example.org/", secret: "whsec_mine" },
    ]) {
      const refused = await api("/v1/webhooks", { json });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.json.code).toBe("invalid_body");
    }
    expect((await api("/v1/webhooks", { key: null })).status).toBe(401);
    const reader = await issueTestKey("webhook reader", ["webhooks:read"]);
    const petsOnly = await issueTestKey("pets only", ["pets:read"]);
    await sleep(600); // the server's copy of the issued keys is at most 500 ms old
    expect((await api("/v1/webhooks", { key: reader.key })).status).toBe(200);
    const refused = await api("/v1/webhooks", { key: reader.key, json: { url: "https://example.org/" } });
    expect(refused.status).toBe(403);
    expect(refused.headers["www-authenticate"]).toContain('scope="webhooks:write"');
    expect((await api("/v1/webhooks", { key: petsOnly.key })).status).toBe(403);
  });

  it("delivers each wanted event once, signed per Standard Webhooks, and lists the attempt", async () => {
    const hook = await receiver();
    const { id, secret } = await endpoint(hook.url, { eventTypes: ["pet.created"] });
    const petId = await createPet("Webhook Rex");
    await createPet("Webhook Tess");
    const got = await hook.waitFor(2);
    const payloads = got.map((delivery) => verify(secret, delivery));
    expect(payloads.map((payload) => payload.type)).toEqual(["pet.created", "pet.created"]);
    expect(payloads.map((payload) => payload.data.object.name).sort()).toEqual(["Webhook Rex", "Webhook Tess"]);
    expect(payloads.find((payload) => payload.data.object.name === "Webhook Rex")?.data.object.id).toBe(petId);
    for (const [index, delivery] of got.entries()) {
      expect(delivery.headers["webhook-id"]).toBe(payloads[index]!.id);
      expect(Math.abs(Number(delivery.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
      expect(delivery.headers["content-type"]).toBe("application/json");
    }
    const deliveries = await eventually(async () => {
      const listed = await deliveriesOf(id);
      return listed.length === 2 && listed.every((delivery) => delivery.status === "delivered") ? listed : undefined;
    });
    expect(deliveries[0]!.attempts).toEqual([
      expect.objectContaining({ statusCode: 204, durationMs: expect.any(Number) }),
    ]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hook.received).toHaveLength(2);
  });

  it("retries a failed delivery with the same webhook-id, honouring Retry-After, and records every attempt", async () => {
    const hook = await receiver([{ status: 500 }, { status: 503, headers: { "retry-after": "1" } }]);
    const { id, secret } = await endpoint(hook.url, { eventTypes: ["pet.created"] });
    await createPet("Webhook Retry");
    const got = await hook.waitFor(3);
    expect(new Set(got.map((delivery) => delivery.headers["webhook-id"])).size).toBe(1);
    for (const delivery of got) verify(secret, delivery);
    expect(got[2]!.at - got[1]!.at).toBeGreaterThanOrEqual(950);
    const [delivery] = await eventually(async () => {
      const listed = await deliveriesOf(id);
      return listed[0]?.status === "delivered" ? listed : undefined;
    });
    expect(delivery!.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 503, 204]);
    expect(delivery!.attempts[0]!.responseBody).toBe("status 500");
  });

  it("marks an endpoint failing after the last retry, and disables it on 410 Gone", async () => {
    const failing = await receiver(Array.from({ length: 4 }, () => ({ status: 500 })));
    const gone = await receiver([{ status: 410 }]);
    const broken = await endpoint(failing.url, { eventTypes: ["pet.created"] });
    const removed = await endpoint(gone.url, { eventTypes: ["pet.created"] });
    await createPet("Webhook Failing");
    const failed = await eventually(async () => {
      const read = await api(`/v1/webhooks/${broken.id}`);
      return read.json.health === "failing" ? read.json : undefined;
    });
    expect(failed.healthReason).toMatch(/failed after 4 attempt\(s\); the last: HTTP 500/);
    const disabled = await eventually(async () => {
      const read = await api(`/v1/webhooks/${removed.id}`);
      return read.json.health === "disabled" ? read.json : undefined;
    });
    expect(disabled).toMatchObject({ enabled: false, healthReason: expect.stringContaining("410 Gone") });
  });

  it("sends a test ping and redelivers a delivery on request, same webhook-id", async () => {
    const hook = await receiver();
    // Not every type: an endpoint for `*` receives its own webhook_endpoint.created too.
    const { id, secret } = await endpoint(hook.url, { eventTypes: ["category.renamed"] });
    const ping = await api(`/v1/webhooks/${id}/test`, { json: {} });
    expect(ping.status).toBe(202);
    const [pinged] = await hook.waitFor(1);
    expect(verify(secret, pinged!).type).toBe("webhook.ping");
    const delivered = await eventually(async () => {
      const listed = await deliveriesOf(id);
      return listed[0]?.status === "delivered" ? listed[0] : undefined;
    });
    const again = await api(`/v1/webhooks/${id}/deliveries/${delivered.id}/redeliver`, { json: {} });
    expect(again.status).toBe(202);
    const [, second] = await hook.waitFor(2);
    expect(second!.headers["webhook-id"]).toBe(pinged!.headers["webhook-id"]);
    verify(secret, second!);
    expect((await api(`/v1/webhooks/${id}/deliveries/whd_nothing/redeliver`, { json: {} })).status).toBe(404);
  });

  it("rotates the secret: during the overlap both secrets sign, and the new one is shown once", async () => {
    const hook = await receiver();
    const { id, secret: before } = await endpoint(hook.url, { eventTypes: ["pet.created"] });
    const rotated = await api(`/v1/webhooks/${id}/rotate-secret`, { json: { overlapSeconds: 3600 } });
    expect(rotated.status).toBe(200);
    const after = rotated.json.secret as string;
    expect(after).not.toBe(before);
    expect(rotated.json.previousSecretExpiresAt).toBeDefined();
    expect((await api(`/v1/webhooks/${id}`)).text).not.toContain(after);
    await createPet("Webhook Rotated");
    const [delivery] = await hook.waitFor(1);
    expect(delivery!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(verify(before, delivery!).type).toBe("pet.created");
    expect(verify(after, delivery!).type).toBe("pet.created");

    const now = await api(`/v1/webhooks/${id}/rotate-secret`, { json: { overlapSeconds: 0 } });
    await createPet("Webhook Rotated Twice");
    const [, next] = await hook.waitFor(2);
    expect(next!.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(verify(now.json.secret, next!).type).toBe("pet.created");
    expect(() => verify(after, next!)).toThrow();
  });

  it("never delivers to a private address the operator did not allow", async () => {
    // The suite's server allows 127.0.0.0/8 only: 10.0.0.0/8 stays refused, before connecting.
    const { id } = await endpoint("http://10.0.0.1:9/hook");
    expect((await api(`/v1/webhooks/${id}/test`, { json: {} })).status).toBe(202);
    const [delivery] = await eventually(async () => {
      const listed = await deliveriesOf(id);
      return listed[0]?.status === "failed" ? listed : undefined;
    });
    expect(delivery!.attempts[0]!.error).toMatch(/10\.0\.0\.1, which deliveries may not reach/);
  });
});
