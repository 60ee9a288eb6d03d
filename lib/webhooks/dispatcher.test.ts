import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { bundleWebhookSender } from "@/scripts/bundle-worker-entries.mjs";
import type { LoggedEvent } from "@/lib/events/event-log";
import { parseAddressPolicy, type AddressPolicy } from "./address-policy";
import { Dispatcher, type EventSource } from "./dispatcher";
import { openFileWebhookStore } from "./file-webhook-store";
import { paceAt } from "./pacer";
import { createSender, type Sender } from "./send-message";
import { createWorkerSender } from "./worker-sender";
import { endpointRecord } from "./webhook-store.contract";
import type { WebhookStore } from "./webhook-store";

/** A receiver on 127.0.0.1 that answers each request with the next of `answers` (then 204). */
async function startReceiver(answers: { status: number; headers?: Record<string, string> }[] = []) {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      const answer = answers.shift() ?? { status: 204 };
      response.writeHead(answer.status, answer.headers).end(answer.status === 204 ? undefined : "nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) };
}

function fakeLog(): EventSource & { append(type: string): void } {
  const logged: LoggedEvent[] = [];
  const listeners = new Set<(sequence: number) => void>();
  return {
    append(type) {
      const sequence = logged.length + 1;
      const id = `evt_${sequence.toString(16).padStart(24, "0")}`;
      const event = {
        id,
        type,
        createdAt: new Date().toISOString(),
        actor: { type: "system" },
        data: { object: { id: sequence } },
      };
      logged.push({ sequence, event: event as unknown as LoggedEvent["event"] });
      for (const listener of listeners) listener(sequence);
    },
    readEvents: async ({ afterSequence, limit, types, throughSequence }) =>
      logged
        .filter((entry) => entry.sequence > afterSequence && entry.sequence <= (throughSequence ?? Infinity))
        .filter((entry) => !types || types.includes(entry.event.type))
        .slice(0, limit),
    latestSequence: async () => logged.length,
    onEventsAppended(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

async function until<T>(check: () => Promise<T | undefined> | T | undefined, ms = 5_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The sending thread, bundled as `npm run build` bundles it, into a folder of the tests' own. */
let workerFile = "";
const bundleDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-sender-"));
beforeAll(async () => {
  workerFile = path.join(bundleDir, "webhook-sender.mjs");
  await bundleWebhookSender(workerFile);
});
afterAll(() => fs.rmSync(bundleDir, { recursive: true, force: true }));

const senders: [string, (policy: AddressPolicy) => Sender][] = [
  ["on this thread", (policy) => createSender(policy, { timeoutMs: 2_000, maxSockets: 8 })],
  [
    "on a sending thread",
    (policy) =>
      createWorkerSender(workerFile, { allowPrivate: policy.setting, timeoutMs: 2_000, maxSockets: 8, niceness: 10 }),
  ],
];

describe.each(senders)("the dispatcher, sending %s", (_, newSender) => {
  let dir: string;
  let store: WebhookStore;
  let dispatcher: Dispatcher | undefined;
  let sender: Sender | undefined;
  const loopback = parseAddressPolicy("127.0.0.0/8") as AddressPolicy;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-dispatch-"));
    store = await openFileWebhookStore(dir);
  });
  afterEach(async () => {
    await dispatcher?.stop();
    sender?.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  function start(log: EventSource, schedule: number[], policy = loopback) {
    sender = newSender(policy);
    dispatcher = new Dispatcher({
      store,
      events: log,
      sender,
      schedule,
      concurrency: 8,
      pace: paceAt(1_000),
      timeoutMs: 2_000,
      pollMs: 20,
    });
  }

  it("delivers each wanted event once, signed so that standardwebhooks verifies it", async () => {
    const receiver = await startReceiver();
    const endpoint = endpointRecord({
      url: receiver.url,
      eventTypes: ["pet.created"],
      secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw",
    });
    await store.createEndpoint(endpoint);
    const log = fakeLog();
    start(log, [10]);
    log.append("pet.created");
    log.append("order.placed");
    log.append("pet.created");
    await until(() => receiver.received.length >= 2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(2);
    const verifier = new Webhook(endpoint.secret);
    for (const { headers, body } of receiver.received) {
      const payload = verifier.verify(body, headers as Record<string, string>) as { id: string; type: string };
      expect(payload.type).toBe("pet.created");
      expect(headers["webhook-id"]).toBe(payload.id);
    }
    await until(
      async () => (await store.listDeliveries(endpoint.id, 10)).every((d) => d.status === "delivered") || undefined,
    );
    await receiver.close();
  });

  it("retries on the schedule with the same webhook-id, and a 410 disables the endpoint", async () => {
    const receiver = await startReceiver([
      { status: 500 },
      { status: 503, headers: { "retry-after": "0" } },
      { status: 410 },
    ]);
    const endpoint = endpointRecord({ url: receiver.url });
    await store.createEndpoint(endpoint);
    const log = fakeLog();
    start(log, [10, 10, 10, 10]);
    log.append("pet.created");
    const disabled = await until(async () => {
      const current = await store.getEndpoint(endpoint.id);
      return current?.health === "disabled" ? current : undefined;
    });
    expect(disabled).toMatchObject({ enabled: false, healthReason: expect.stringContaining("410") });
    expect(new Set(receiver.received.map(({ headers }) => headers["webhook-id"])).size).toBe(1);
    const [delivery] = await store.listDeliveries(endpoint.id, 10);
    expect(delivery?.attempts.map((attempt) => attempt.statusCode)).toEqual([500, 503, 410]);
    expect(delivery?.attempts[0]?.responseBody).toBe("nope");
    await receiver.close();
  });

  it("marks the endpoint failing, with the reason, when the schedule is spent", async () => {
    const receiver = await startReceiver([{ status: 500 }, { status: 500 }]);
    const endpoint = endpointRecord({ url: receiver.url });
    await store.createEndpoint(endpoint);
    const log = fakeLog();
    start(log, [10]);
    log.append("pet.created");
    const failing = await until(async () => {
      const current = await store.getEndpoint(endpoint.id);
      return current?.health === "failing" ? current : undefined;
    });
    expect(failing.healthReason).toMatch(/failed after 2 attempt\(s\); the last: HTTP 500/);
    expect(failing.enabled).toBe(true);
    await receiver.close();
  });

  it("refuses a private address unless the operator allows it, and says why", async () => {
    const receiver = await startReceiver();
    const endpoint = endpointRecord({ url: receiver.url.replace("127.0.0.1", "localhost") });
    await store.createEndpoint(endpoint);
    const log = fakeLog();
    start(log, [], parseAddressPolicy("") as AddressPolicy);
    log.append("pet.created");
    const [delivery] = await until(async () => {
      const deliveries = await store.listDeliveries(endpoint.id, 10);
      return deliveries[0]?.status === "failed" ? deliveries : undefined;
    });
    expect(delivery?.attempts[0]?.error).toMatch(/may not reach \(public addresses only\)/);
    expect(receiver.received).toHaveLength(0);
    await receiver.close();
  });
});
