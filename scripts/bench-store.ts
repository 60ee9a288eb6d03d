/**
 * Benchmarks the file store in-process at 10k, 100k and 1M pets and checks the targets
 * from the store's issue. Run: npm run bench:store
 * (`npm run bench:store -- --adapter postgres` runs bench-store-postgres.ts instead, and
 * `npm run bench:store -- --orders` the orders benchmark, bench-store-orders.ts, and
 * `npm run bench:store -- --reopen` what the animal's record costs an open, bench-store-reopen.ts.)
 *
 * Stores are populated by writing a snapshot directly (seedFileStore, the store's own
 * format code). Open time and RSS are measured in a fresh child process per size, so each
 * figure is that size's own. Throughput and latency are then measured with the three
 * stores open side by side, in interleaved rounds (10k, 100k, 1M, 10k, ...), keeping the
 * median of each: the machine's cores and disk are shared, and interleaving exposes every
 * size to the same background load, so the ratios compare the store, not the neighbours.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { PET_STATUSES, type PetStatus } from "@/lib/pets/schemas";
import { encodeCursor } from "@/lib/paging/cursor";
import { openFileStore } from "@/lib/composition/file-store";
import { seedFileStore } from "@/lib/composition/file-seed";
import type { PetStore } from "@/lib/composition/pet-store";

const SIZES = [10_000, 100_000, 1_000_000];
const ROUNDS = 15;
const CREATES_C1 = 200;
const CREATES_C64 = 6_000;
const LIST_CALLS = 2_000;

interface OpenFigures {
  seedSeconds: number;
  openSeconds: number;
  rssMB: number;
}

interface Rounds {
  c1: number[];
  c64: number[];
  listP50: number[];
  listP99: number[];
  filteredP50: number[];
  filteredP99: number[];
}

const statusOf = (id: number): PetStatus => PET_STATUSES[id % 7 < 4 ? 0 : (id % 2) + 1] as PetStatus;
const newPet = (id: number) => ({
  name: `Pet ${id} ${id % 3 ? "Rex" : "Bella Luna"}`,
  categoryId: 1 + (id % 12),
  status: statusOf(id),
});

/** In a child process: seed `dir` with `pets`, then time a cold open and read the RSS. */
async function measureOpen(dir: string, pets: number): Promise<OpenFigures> {
  let started = performance.now();
  await seedFileStore(dir, pets, newPet);
  const seedSeconds = (performance.now() - started) / 1000;
  collectGarbage();
  started = performance.now();
  const store = await openFileStore(dir);
  const openSeconds = (performance.now() - started) / 1000;
  collectGarbage();
  const rssMB = process.memoryUsage().rss / 2 ** 20;
  await store.close();
  return { seedSeconds, openSeconds, rssMB };
}

/** Durable creates per second with `concurrency` creates always in flight. */
async function createRate(store: PetStore, concurrency: number, count: number): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next++ < count) await store.create(newPet(next));
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  return count / ((performance.now() - started) / 1000);
}

/** p50 and p99 in µs of list(limit 20): a quarter on the first page, the rest at random cursors. */
async function listLatency(store: PetStore, maxId: number, withStatus: boolean) {
  const times: number[] = [];
  for (let i = 0; i < LIST_CALLS; i++) {
    let status = withStatus ? PET_STATUSES[i % PET_STATUSES.length] : undefined;
    let cursor: string | undefined;
    if (i % 4 !== 0) {
      const lastId = 1 + Math.floor(Math.random() * (maxId - 1));
      // A cursor pages only a listing that holds its pet: filter by that pet's status.
      if (withStatus) status = (await store.get(lastId))?.status;
      cursor = encodeCursor(lastId, status);
    }
    const started = performance.now();
    await store.list({ limit: 20, status, cursor });
    times.push((performance.now() - started) * 1000);
  }
  times.sort((a, b) => a - b);
  const at = (quantile: number) => times[Math.floor(quantile * (times.length - 1))] as number;
  return { p50: at(0.5), p99: at(0.99) };
}

async function measureRound(store: PetStore, pets: number, rounds: Rounds): Promise<void> {
  rounds.c1.push(await createRate(store, 1, CREATES_C1));
  rounds.c64.push(await createRate(store, 64, CREATES_C64));
  // The creates just made leave garbage behind; collect it now so that a pause it causes is
  // not charged to whichever list call happens to run into it.
  collectGarbage();
  // Cursors only name pets of the seed, which every size has from id 1 up.
  const plain = await listLatency(store, pets, false);
  const filtered = await listLatency(store, pets, true);
  rounds.listP50.push(plain.p50);
  rounds.listP99.push(plain.p99);
  rounds.filteredP50.push(filtered.p50);
  rounds.filteredP99.push(filtered.p99);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

function collectGarbage(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

function directoryBytes(dir: string): number {
  return fs.readdirSync(dir).reduce((sum, name) => sum + fs.statSync(path.join(dir, name)).size, 0);
}

function openInChild(dir: string, pets: number): OpenFigures {
  const args = [...process.execArgv, process.argv[1] as string, "--open", dir, String(pets)];
  const child = spawnSync(process.execPath, args, {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (child.status !== 0) throw new Error(`seeding and opening ${pets} pets failed: ${child.stdout}`);
  return JSON.parse(child.stdout.trim().split("\n").at(-1) as string) as OpenFigures;
}

async function main(): Promise<void> {
  if (process.argv.includes("--orders")) {
    await import("./bench-store-orders");
    return;
  }
  if (process.argv.includes("--reopen")) {
    await import("./bench-store-reopen");
    return;
  }
  const adapter = process.argv.indexOf("--adapter");
  if (adapter > 0 && process.argv[adapter + 1] === "postgres") {
    await import("./bench-store-postgres");
    return;
  }
  const openFlag = process.argv.indexOf("--open");
  if (openFlag > 0) {
    const [dir, pets] = process.argv.slice(openFlag + 1);
    console.log(JSON.stringify(await measureOpen(dir as string, Number(pets))));
    return;
  }
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-"));
  try {
    const load = os.loadavg()[0]?.toFixed(1);
    console.log(`file store benchmark: ${os.cpus().length} cores, Node ${process.version}, load average ${load}\n`);
    const sizes = SIZES.map((pets) => {
      const dir = path.join(root, String(pets));
      const rounds: Rounds = { c1: [], c64: [], listP50: [], listP99: [], filteredP50: [], filteredP99: [] };
      return { pets, dir, open: openInChild(dir, pets), rounds };
    });
    const stores = await Promise.all(sizes.map(({ dir }) => openFileStore(dir)));
    for (const store of stores) await createRate(store, 8, 500); // warm up JIT and journals
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, size] of sizes.entries()) await measureRound(stores[i] as PetStore, size.pets, size.rounds);
    }
    collectGarbage();
    const rssAll = process.memoryUsage().rss / 2 ** 20;
    await Promise.all(stores.map((store) => store.close()));
    const extra = 500 + ROUNDS * (CREATES_C1 + CREATES_C64);
    report(
      sizes.map(({ pets, dir, open, rounds }) => ({
        pets,
        open,
        rounds,
        bytesPerPet: directoryBytes(dir) / (pets + extra),
      })),
    );
    const loadAfter = os.loadavg()[0]?.toFixed(1);
    console.log(
      `\nRSS with all three stores open after the rounds: ${Math.round(rssAll)} MB; load average now ${loadAfter}`,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
}

function report(results: { pets: number; open: OpenFigures; rounds: Rounds; bytesPerPet: number }[]): void {
  const row = (cells: (string | number)[]) => console.log(`| ${cells.join(" | ")} |`);
  const figures = results.map(({ pets, open, rounds, bytesPerPet }) => ({
    pets,
    ...open,
    bytesPerPet,
    ...(Object.fromEntries(Object.entries(rounds).map(([key, values]) => [key, median(values)])) as Record<
      keyof Rounds,
      number
    >),
  }));
  row([
    "pets",
    "open s",
    "creates/s c=1",
    "creates/s c=64",
    "list p50 / p99 µs",
    "list by status p50 / p99 µs",
    "bytes/pet on disk",
    "RSS MB after open",
    "seed s",
  ]);
  row(Array(9).fill("---"));
  for (const f of figures) {
    row([
      f.pets.toLocaleString("en"),
      f.openSeconds.toFixed(2),
      Math.round(f.c1),
      Math.round(f.c64),
      `${f.listP50.toFixed(1)} / ${f.listP99.toFixed(1)}`,
      `${f.filteredP50.toFixed(1)} / ${f.filteredP99.toFixed(1)}`,
      f.bytesPerPet.toFixed(1),
      Math.round(f.rssMB),
      f.seedSeconds.toFixed(2),
    ]);
  }
  const small = figures[0] as (typeof figures)[number];
  const big = figures.at(-1) as (typeof figures)[number];
  const checks: [string, number, string, boolean][] = [
    ["creates/s c=64 ÷ c=1 at 1M", big.c64 / big.c1, "≥ 10", big.c64 >= 10 * big.c1],
    ["creates/s c=1: 10k ÷ 1M", small.c1 / big.c1, "≤ 1.5", small.c1 <= 1.5 * big.c1],
    ["creates/s c=64: 10k ÷ 1M", small.c64 / big.c64, "≤ 1.5", small.c64 <= 1.5 * big.c64],
    ["list p99: 1M ÷ 10k", big.listP99 / small.listP99, "≤ 1.5", big.listP99 <= 1.5 * small.listP99],
    [
      "list by status p99: 1M ÷ 10k",
      big.filteredP99 / small.filteredP99,
      "≤ 1.5",
      big.filteredP99 <= 1.5 * small.filteredP99,
    ],
    ["open s at 1M", big.openSeconds, "≤ 3", big.openSeconds <= 3],
    ["RSS MB at 1M", big.rssMB, "≤ 500", big.rssMB <= 500],
  ];
  console.log(
    `\nmedians of ${ROUNDS} interleaved rounds (${CREATES_C1} + ${CREATES_C64} creates, 2 × ${LIST_CALLS} lists per size and round)\n`,
  );
  console.log("| target | measured | goal | met |\n| --- | --- | --- | --- |");
  for (const [name, value, goal, met] of checks) row([name, value.toFixed(2), goal, met ? "yes" : "NO"]);
  if (checks.some(([, , , met]) => !met)) process.exitCode = 1;
}

void main();
