import type { ChildProcess } from "node:child_process";
import { afterAll, expect, it } from "vitest";
import { encodeEventCursor } from "@/lib/events/event-cursor";
import { newEvent } from "@/lib/events/new-events";
import { openFileStore } from "@/lib/composition/file-store";
import type { PetStore } from "@/lib/composition/pet-store";
import { startFrontServer } from "@/tests/support/front-server-process";
import { prepareOwnStore } from "@/tests/api/support/own-store";

/**
 * Retention (docs/decisions/161): events older than PETSTORE_EVENT_RETENTION_DAYS are pruned
 * in the background, and a reader whose cursor they passed gets 410 cursor_expired, never a
 * silent gap. The store is written first by the test (an event dated 40 days ago, then a
 * pet), then served by a server of its own.
 */

const KEY = "events-retention-key-3f8a0d6b2c";
const own = prepareOwnStore("events-retention");
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
});

async function openOwnStore(): Promise<PetStore> {
  if (!own.databaseUrl) return openFileStore(own.dataDir);
  const { openPostgresStore } = await import("@/lib/composition/postgres-store");
  return openPostgresStore({ connectionString: own.databaseUrl, eventRetentionDays: 3650 });
}

const get = (path: string) =>
  fetch(`http://127.0.0.1:${own.port}${path}`, { headers: { authorization: `Bearer ${KEY}` } });

it("prunes events past retention and answers a cursor they passed with 410 cursor_expired", async () => {
  const store = await openOwnStore();
  const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
  await store.appendEvents([newEvent("category.created", { object: { id: 77, name: "Old" } }, longAgo)]);
  const pet = await store.create({ name: "Kept", categoryId: 1 });
  await store.close();

  server = (
    await startFrontServer(own.port, {
      PETSTORE_DATA_DIR: own.dataDir,
      PETSTORE_DATABASE_URL: own.databaseUrl,
      PETSTORE_API_KEYS: KEY,
      PETSTORE_EVENT_RETENTION_DAYS: "30",
    })
  ).child;

  // Pruning runs in the background from the start; wait for it to have run once.
  let events: { type: string; data: { object: { id: number } } }[] = [];
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await get("/v1/events");
    expect(response.status).toBe(200);
    events = (await response.json()) as typeof events;
    if (events.length === 2) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  // The pet's and its first stay's (docs/decisions/254); the old category's is pruned.
  expect(events.map((event) => event.type)).toEqual(["pet.created", "stay.opened"]);
  expect(events[0]?.data.object.id).toBe(pet.id);

  const expired = await get(`/v1/events?after=${encodeEventCursor(0)}`);
  expect(expired.status).toBe(410);
  expect(await expired.json()).toMatchObject({ code: "cursor_expired", status: 410 });
  server.kill("SIGTERM");
}, 60_000);
