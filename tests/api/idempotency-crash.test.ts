import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll, expect, it } from "vitest";
import { startFrontServer } from "@/tests/support/front-server-process";
import { prepareOwnStore } from "@/tests/api/support/own-store";

/**
 * Issue 11: a create acknowledged just before a crash, retried after the restart with the
 * same Idempotency-Key, returns the original pet, never a second one. No fault hook: a
 * server of the test's own (`npm start`, on the store the suite runs on) takes 32
 * connections of Idempotency-Key creates and is SIGKILLed mid-load, so some requests were
 * answered, some were in flight (committed or not). After the restart every key is sent
 * again with its body: each must answer 201 with the pet that exists (the first answer,
 * where there was one), and no pet may exist twice (docs/decisions/109).
 */

const KEY = "crash-test-key-8d2f6a1c4e";
const CONNECTIONS = 32;
const PAUSE_AFTER_409_MS = 1_000;

interface Sent {
  idempotencyKey: string;
  name: string;
  /** The answer before the kill, if one came. */
  first?: Answer;
}
interface Answer {
  status: number;
  body: string;
  location?: string;
}

const own = prepareOwnStore("crash-test");
let server: ChildProcess | undefined;

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) server.kill("SIGKILL");
});

async function startServer(): Promise<ChildProcess> {
  const server = await startFrontServer(own.port, {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_DATABASE_URL: own.databaseUrl,
    PETSTORE_API_KEYS: KEY,
    // Thousands of creates from one key in seconds: the rate limit would answer 429s.
    PETSTORE_RATE_LIMIT: "0",
  });
  return server.child;
}

/** One POST on a connection of its own; a connection the kill cut resolves to undefined. */
function post(path: string, body: string, idempotencyKey?: string): Promise<Answer | undefined> {
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: own.port,
        path,
        method: "POST",
        agent: false,
        headers: {
          authorization: `Bearer ${KEY}`,
          "content-type": "application/json",
          ...(idempotencyKey ? { "idempotency-key": `"${idempotencyKey}"` } : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => {
          const location = response.headers.location;
          resolve({ status: response.statusCode ?? 0, body: text, ...(location ? { location } : {}) });
        });
        response.on("error", () => resolve(undefined));
      },
    );
    request.on("error", () => resolve(undefined));
    request.end(body);
  });
}

const bodyOf = (sent: Sent) => JSON.stringify({ name: sent.name, categoryId: 3 });

/** Sends a key again until it is no longer running (a claim the dead process left may answer 409 for a while). */
async function retry(sent: Sent): Promise<Answer> {
  for (;;) {
    const answer = await post("/v1/pets", bodyOf(sent), sent.idempotencyKey);
    if (answer && answer.status !== 409) return answer;
    await new Promise((resolve) => setTimeout(resolve, PAUSE_AFTER_409_MS));
  }
}

async function allPets(): Promise<{ id: number; name: string }[]> {
  const pets: { id: number; name: string }[] = [];
  let next: string | undefined = "/v1/pets?limit=100";
  while (next) {
    const response: Response = await fetch(`http://127.0.0.1:${own.port}${next}`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(response.status).toBe(200);
    pets.push(...((await response.json()) as { id: number; name: string }[]));
    next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get("link") ?? "")?.[1];
  }
  return pets;
}

it("returns the original pet to every key retried after a SIGKILL mid-load, and no pet exists twice", async () => {
  server = await startServer();
  const run = randomUUID().slice(0, 8);
  const sent: Sent[] = [];
  let killed = false;
  const client = async () => {
    while (!killed) {
      const entry: Sent = { idempotencyKey: randomUUID(), name: `Crash ${run} ${sent.length}` };
      sent.push(entry);
      const answer = await post("/v1/pets", bodyOf(entry), entry.idempotencyKey);
      if (answer) entry.first = answer;
    }
  };
  const clients = Array.from({ length: CONNECTIONS }, client);
  // Long enough for hundreds of acknowledged creates, and many batches in flight at the kill.
  const acknowledged = () => sent.filter((entry) => entry.first?.status === 201).length;
  const deadline = Date.now() + 20_000;
  while (acknowledged() < 300 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  server.kill("SIGKILL");
  killed = true;
  await Promise.all(clients);
  const answered = sent.filter((entry) => entry.first);
  expect(answered.every((entry) => entry.first?.status === 201)).toBe(true);
  expect(answered.length).toBeGreaterThanOrEqual(100);
  const inFlight = sent.length - answered.length;
  expect(inFlight).toBeGreaterThan(0);

  server = await startServer();
  const retries: Answer[] = [];
  let nextRetry = 0;
  const retrier = async () => {
    for (let i = nextRetry++; i < sent.length; i = nextRetry++) retries[i] = await retry(sent[i] as Sent);
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, retrier));
  const pets = await allPets();
  const byName = new Map<string, number[]>();
  for (const pet of pets.filter((pet) => pet.name.startsWith(`Crash ${run} `))) {
    byName.set(pet.name, [...(byName.get(pet.name) ?? []), pet.id]);
  }
  const twice = [...byName].filter(([, ids]) => ids.length > 1);
  expect(twice, "pets created twice").toEqual([]);
  for (const [i, entry] of sent.entries()) {
    const answer = retries[i] as Answer;
    expect(answer.status, answer.body).toBe(201);
    if (entry.first) expect(answer).toEqual(entry.first);
    const pet = JSON.parse(answer.body) as { id: number; name: string };
    expect(pet.name).toBe(entry.name);
    expect(byName.get(entry.name)).toEqual([pet.id]);
    expect(answer.location).toBe(`/v1/pets/${pet.id}`);
  }
  server.kill("SIGTERM");
}, 120_000);
