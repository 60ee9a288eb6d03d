/**
 * The orders benchmark: npm run bench:store -- --orders [--adapter postgres|file|both]
 *
 * Adoptions through the store, in process, as the API makes them: an Idempotency-Key claimed,
 * the order placed under it, approved, delivered (each a write with its pet's change, events
 * and, for the placement, the key's answer, committed together). Per write: p50 and p99
 * latency one at a time, adoptions per second with 32 at once, and on PostgreSQL the round
 * trips each write takes on the store's request pool (statements sent and answered; the claim goes
 * before the write and is not counted). Interleaved rounds, medians kept (docs/decisions/230).
 * PostgreSQL is the server the tests use, in a database of its own dropped at the end.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Order } from "@/lib/orders/schemas";
import type { IdempotencyRecord } from "@/lib/idempotency/idempotency-store";
import type { PetStore } from "@/lib/composition/pet-store";
import { openFileStore } from "@/lib/composition/file-store";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { PURPOSES } from "@/lib/store/postgres/pools";
import { createTestDatabase, findTestServer } from "@/tests/support/test-postgres";

const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const SERIAL = 200;
const PARALLEL = 500;
const CONCURRENCY = 32;
const STEPS = ["place", "approve", "deliver"] as const;
type Step = (typeof STEPS)[number];

/** Statements sent by the store's request pool (`pet-store:requests` connections), counted while on. */
const counter = { on: false, count: 0 };
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  const name = (this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters
    ?.application_name;
  if (counter.on && name === PURPOSES.requests) counter.count++;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

let keys = 0;
const DAY = 86_400_000;

/** One adoption's three writes; `time` is told each write's duration in µs and round trips. */
async function adopt(store: PetStore, petId: number, time?: (step: Step, us: number, trips: number) => void) {
  const key = `bench:${++keys}`;
  const now = Date.now();
  await store.claim(key, "fp", { now, ttlMs: DAY, abandonAfterMs: 30_000 });
  const record: IdempotencyRecord<Order> = {
    key,
    fingerprint: "fp",
    claimedAt: now,
    expiresAt: now + DAY,
    answer: (order) => ({ status: 201, body: JSON.stringify(order), location: `/v1/store/orders/${order.id}` }),
  };
  let orderId = 0;
  const writes: Record<Step, () => Promise<unknown>> = {
    place: async () => (orderId = (await store.placeOrder({ petId, adopter: "Bench Adopter" }, record)).id),
    approve: () => store.transitionOrder(orderId, "approved"),
    deliver: () => store.transitionOrder(orderId, "delivered"),
  };
  for (const step of STEPS) {
    counter.count = 0;
    counter.on = time !== undefined;
    const started = performance.now();
    await writes[step]();
    counter.on = false;
    time?.(step, (performance.now() - started) * 1000, counter.count);
  }
}

async function newPets(store: PetStore, count: number): Promise<number[]> {
  const ids: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next++ < count) ids.push((await store.create({ name: `Bench ${next}`, categoryId: 1 })).id);
  };
  await Promise.all(Array.from({ length: 64 }, worker));
  return ids;
}

interface Rounds {
  p50: Record<Step, number[]>;
  p99: Record<Step, number[]>;
  trips: Record<Step, number[]>;
  adoptionsPerSecond: number[];
}

const perStep = (): Record<Step, number[]> => ({ place: [], approve: [], deliver: [] });
const at = (sorted: number[], quantile: number) => sorted[Math.floor(quantile * (sorted.length - 1))] as number;
const median = (values: number[]) =>
  at(
    [...values].sort((a, b) => a - b),
    0.5,
  );

async function round(store: PetStore, rounds: Rounds): Promise<void> {
  const serialPets = await newPets(store, SERIAL);
  const times = perStep();
  const trips = perStep();
  for (const petId of serialPets) {
    await adopt(store, petId, (step, us, count) => {
      times[step].push(us);
      trips[step].push(count);
    });
  }
  for (const step of STEPS) {
    const sorted = times[step].sort((a, b) => a - b);
    rounds.p50[step].push(at(sorted, 0.5));
    rounds.p99[step].push(at(sorted, 0.99));
    rounds.trips[step].push(median(trips[step]));
  }
  const parallelPets = await newPets(store, PARALLEL);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < parallelPets.length) await adopt(store, parallelPets[next++] as number);
    }),
  );
  rounds.adoptionsPerSecond.push(PARALLEL / ((performance.now() - started) / 1000));
}

async function main(): Promise<void> {
  const wanted = process.argv[process.argv.indexOf("--adapter") + 1];
  const adapters = wanted === "file" || wanted === "postgres" ? [wanted] : ["file", "postgres"];
  console.log(
    `orders benchmark: ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)}\n`,
  );
  const server = await findTestServer();
  const database = await createTestDatabase(server.adminUrl);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-orders-"));
  const subjects: { name: string; store: PetStore; rounds: Rounds }[] = [];
  try {
    for (const name of adapters) {
      const store =
        name === "file"
          ? await openFileStore(dir)
          : await openPostgresStore({
              connectionString: database.url,
              poolMax: 32,
              logger: { info: () => {}, warn: console.warn },
            });
      for (const petId of await newPets(store, 100)) await adopt(store, petId); // warm the plans and pools
      subjects.push({
        name,
        store,
        rounds: { p50: perStep(), p99: perStep(), trips: perStep(), adoptionsPerSecond: [] },
      });
    }
    for (let i = 0; i < ROUNDS; i++) for (const { store, rounds } of subjects) await round(store, rounds);
    const row = (cells: (string | number)[]) => console.log(`| ${cells.join(" | ")} |`);
    row(["store", "write", "p50 µs c=1", "p99 µs c=1", "round trips", `adoptions/s c=${CONCURRENCY}`]);
    row(Array(6).fill("---"));
    for (const { name, rounds } of subjects) {
      for (const step of STEPS) {
        row([
          name,
          step,
          median(rounds.p50[step]).toFixed(0),
          median(rounds.p99[step]).toFixed(0),
          name === "postgres" ? median(rounds.trips[step]) : "-",
          step === "place" ? median(rounds.adoptionsPerSecond).toFixed(0) : "",
        ]);
      }
    }
    console.log(
      `\nmedians of ${ROUNDS} interleaved rounds (${SERIAL} adoptions one at a time, ${PARALLEL} with ${CONCURRENCY} at once); load average now ${os.loadavg()[0]?.toFixed(1)}`,
    );
  } finally {
    await Promise.all(subjects.map(({ store }) => store.close()));
    fs.rmSync(dir, { recursive: true, force: true });
    await database.drop();
    await server.stop();
  }
}

void main();
