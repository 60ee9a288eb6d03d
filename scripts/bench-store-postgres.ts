/**
 * The store benchmark on the PostgreSQL adapter: npm run bench:store -- --adapter postgres
 *
 * Same sizes and columns as the file store's table, plus the database's own CPU per
 * operation, read from /proc for the server processes (backends) serving this pool, so
 * other clients of a shared server are not counted. The server is the one the tests use
 * (PETSTORE_TEST_DATABASE_URL, else 127.0.0.1:5432, else a throwaway one); the benchmark
 * works in a database of its own and drops it at the end. Sizes are seeded with one
 * INSERT … SELECT generate_series each, then measured in interleaved rounds like the file
 * store's, keeping medians.
 */
import fs from "node:fs";
import os from "node:os";
import pg from "pg";
import { PET_STATUSES, type PetStatus } from "@/lib/pets/schemas";
import { encodeCursor } from "@/lib/paging/cursor";
import type { PetStore } from "@/lib/composition/pet-store";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { PURPOSES } from "@/lib/store/postgres/pools";
import { createTestDatabase, findTestServer } from "@/tests/support/test-postgres";

const SIZES = (process.env.BENCH_SIZES || "10000,100000,1000000").split(",").map(Number);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const CREATES_C1 = 200;
const CREATES_C64 = 4_000;
const LIST_CALLS = 2_000;
const POOL_MAX = Number(process.env.BENCH_POOL_MAX || 32);
const TICK_US = 1e6 / 100; // /proc times are in clock ticks, 100 per second on Linux

const statusOf = (id: number): PetStatus => PET_STATUSES[id % 7 < 4 ? 0 : (id % 2) + 1] as PetStatus;
const newPet = (id: number) => ({
  name: `Pet ${id} ${id % 3 ? "Rex" : "Bella Luna"}`,
  categoryId: 1 + (id % 12),
  status: statusOf(id),
});

interface Rounds {
  c1: number[];
  c64: number[];
  listP50: number[];
  listP99: number[];
  filteredP50: number[];
  filteredP99: number[];
  cpuCreate: number[];
  cpuList: number[];
}

/** CPU µs used so far by the backends of this database's request pool; undefined if /proc cannot tell. */
async function backendCpu(admin: pg.Client, database: string): Promise<Map<number, number> | undefined> {
  const { rows } = await admin.query<{ pid: number }>(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = $2",
    [database, PURPOSES.requests],
  );
  const cpu = new Map<number, number>();
  for (const { pid } of rows) {
    try {
      const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) * TICK_US); // utime + stime
    } catch {
      return undefined; // the server runs elsewhere, or its processes are not ours to read
    }
  }
  return cpu;
}

async function cpuPerOp(
  admin: pg.Client,
  database: string,
  ops: number,
  work: () => Promise<unknown>,
): Promise<number> {
  const before = await backendCpu(admin, database);
  await work();
  const after = await backendCpu(admin, database);
  if (!before || !after) return NaN;
  let used = 0;
  for (const [pid, total] of after) used += total - (before.get(pid) ?? 0);
  return used / ops;
}

async function createRate(store: PetStore, concurrency: number, count: number): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next++ < count) await store.create(newPet(next));
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count / ((performance.now() - started) / 1000);
}

/** p50 and p99 in µs of list(limit 20): a quarter first pages, the rest at random cursors within the filter. */
async function listLatency(store: PetStore, maxId: number, withStatus: boolean) {
  const times: number[] = [];
  for (let i = 0; i < LIST_CALLS; i++) {
    const status = withStatus ? PET_STATUSES[i % PET_STATUSES.length] : undefined;
    let anchor = 2 + Math.floor(Math.random() * (maxId - 10));
    while (status && statusOf(anchor) !== status) anchor++;
    const cursor = i % 4 === 0 ? undefined : encodeCursor(anchor, status);
    const started = performance.now();
    await store.list({ limit: 20, status, cursor });
    times.push((performance.now() - started) * 1000);
  }
  times.sort((a, b) => a - b);
  const at = (quantile: number) => times[Math.floor(quantile * (times.length - 1))] as number;
  return { p50: at(0.5), p99: at(0.99) };
}

async function seed(admin: pg.Client, schema: string, pets: number): Promise<number> {
  const started = performance.now();
  await admin.query(`SET search_path = ${schema}`);
  await admin.query(
    `INSERT INTO pets (id, name, category_id, status) OVERRIDING SYSTEM VALUE
     SELECT id, 'Pet ' || id || CASE WHEN id % 3 = 0 THEN ' Bella Luna' ELSE ' Rex' END, 1 + id % 12,
            CASE WHEN id % 7 < 4 THEN 'available' WHEN id % 2 = 0 THEN 'pending' ELSE 'sold' END
     FROM generate_series(1, $1::bigint) AS id`,
    [pets],
  );
  await admin.query("SELECT setval(pg_get_serial_sequence('pets', 'id'), $1::bigint)", [pets]);
  await admin.query("VACUUM ANALYZE pets");
  await admin.query("SET search_path = public");
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const server = await findTestServer();
  const database = await createTestDatabase(server.adminUrl);
  const admin = new pg.Client({ connectionString: database.url });
  await admin.connect();
  try {
    const settings = (
      await admin.query(
        "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'server_version')",
      )
    ).rows
      .map((row) => `${row.name}=${row.setting}`)
      .join(", ");
    console.log(
      `PostgreSQL store benchmark: ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)}`,
    );
    console.log(`server ${server.source} (${settings}), pool of ${POOL_MAX} connections\n`);
    const sizes = [];
    for (const pets of SIZES) {
      const schema = `bench_${pets}`;
      const store = await openPostgresStore({
        connectionString: database.url,
        schema,
        poolMax: POOL_MAX,
        logger: { info: () => {}, warn: console.warn },
      });
      const seedSeconds = await seed(admin, schema, pets);
      const rounds: Rounds = {
        c1: [],
        c64: [],
        listP50: [],
        listP99: [],
        filteredP50: [],
        filteredP99: [],
        cpuCreate: [],
        cpuList: [],
      };
      sizes.push({ pets, schema, store, seedSeconds, rounds });
      await createRate(store, 64, 500); // open every connection and warm the plans
    }
    for (let round = 0; round < ROUNDS; round++) {
      for (const { store, pets, rounds } of sizes) {
        rounds.c1.push(await createRate(store, 1, CREATES_C1));
        let c64 = 0;
        rounds.cpuCreate.push(
          await cpuPerOp(
            admin,
            database.name,
            CREATES_C64,
            async () => (c64 = await createRate(store, 64, CREATES_C64)),
          ),
        );
        rounds.c64.push(c64);
        let plain = { p50: 0, p99: 0 };
        rounds.cpuList.push(
          await cpuPerOp(admin, database.name, LIST_CALLS, async () => (plain = await listLatency(store, pets, false))),
        );
        const filtered = await listLatency(store, pets, true);
        rounds.listP50.push(plain.p50);
        rounds.listP99.push(plain.p99);
        rounds.filteredP50.push(filtered.p50);
        rounds.filteredP99.push(filtered.p99);
      }
    }
    const bytes = new Map<number, number>();
    for (const { pets, schema } of sizes) {
      const { rows } = await admin.query<{ size: string }>(`SELECT pg_total_relation_size('${schema}.pets') AS size`);
      bytes.set(pets, Number(rows[0]?.size) / (pets + 500 + ROUNDS * (CREATES_C1 + CREATES_C64)));
    }
    await Promise.all(sizes.map(({ store }) => store.close()));
    report(
      sizes.map(({ pets, seedSeconds, rounds }) => ({
        pets,
        seedSeconds,
        rounds,
        bytesPerPet: bytes.get(pets) as number,
      })),
    );
    console.log(`\nload average now ${os.loadavg()[0]?.toFixed(1)}`);
  } finally {
    await admin.end();
    await database.drop();
    await server.stop();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function report(results: { pets: number; seedSeconds: number; rounds: Rounds; bytesPerPet: number }[]): void {
  const row = (cells: (string | number)[]) => console.log(`| ${cells.join(" | ")} |`);
  const figures = results.map(({ pets, seedSeconds, rounds, bytesPerPet }) => ({
    pets,
    seedSeconds,
    bytesPerPet,
    ...(Object.fromEntries(Object.entries(rounds).map(([key, values]) => [key, median(values)])) as Record<
      keyof Rounds,
      number
    >),
  }));
  row([
    "pets",
    "creates/s c=1",
    "creates/s c=64",
    "list p50 / p99 µs",
    "list by status p50 / p99 µs",
    "DB CPU µs per create / list",
    "bytes/pet in table + indexes",
    "seed s",
  ]);
  row(Array(8).fill("---"));
  for (const f of figures) {
    row([
      f.pets.toLocaleString("en"),
      Math.round(f.c1),
      Math.round(f.c64),
      `${f.listP50.toFixed(1)} / ${f.listP99.toFixed(1)}`,
      `${f.filteredP50.toFixed(1)} / ${f.filteredP99.toFixed(1)}`,
      `${f.cpuCreate.toFixed(0)} / ${f.cpuList.toFixed(0)}`,
      f.bytesPerPet.toFixed(1),
      f.seedSeconds.toFixed(2),
    ]);
  }
  const small = figures[0] as (typeof figures)[number];
  const big = figures.at(-1) as (typeof figures)[number];
  const name = big.pets.toLocaleString("en");
  const checks: [string, number, string, boolean][] = [
    [`creates/s c=64 ÷ c=1 at ${name}`, big.c64 / big.c1, "≥ 10", big.c64 >= 10 * big.c1],
    [`list p99: ${name} ÷ 10k`, big.listP99 / small.listP99, "≤ 1.5", big.listP99 <= 1.5 * small.listP99],
    [
      `list by status p99: ${name} ÷ 10k`,
      big.filteredP99 / small.filteredP99,
      "≤ 1.5",
      big.filteredP99 <= 1.5 * small.filteredP99,
    ],
  ];
  console.log(
    `\nmedians of ${ROUNDS} interleaved rounds (${CREATES_C1} + ${CREATES_C64} creates, 2 × ${LIST_CALLS} lists per size and round)\n`,
  );
  console.log("| target | measured | goal | met |\n| --- | --- | --- | --- |");
  for (const [label, value, goal, met] of checks) row([label, value.toFixed(2), goal, met ? "yes" : "NO"]);
  if (checks.some(([, , , met]) => !met)) process.exitCode = 1;
}

void main();
