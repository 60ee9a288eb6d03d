import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileWebhookStore, WEBHOOKS_FILE } from "./file-webhook-store";
import { deliveryRecord, endpointRecord } from "./webhook-store.contract";

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
});
