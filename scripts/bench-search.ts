/**
 * `npm run bench:search`: the cost of a name search (`GET /v1/pets?q=`) at 1k and at 100k
 * pets, on the file store and on PostgreSQL (issue 24: "an index that keeps the cost flat
 * as pets grow"). Each store is called in-process, without HTTP, so the figure is the
 * search's own. Three searches:
 *  - one pet: a whole name, `q=Pet 4711 Rex`, which only one pet has (the worst case for a walk);
 *  - many: `q=luna`, a third of all pets, a page at a random cursor;
 *  - none: `q=Zebra 4711`, which no name holds.
 * Each store is measured with its name index and without it (the file store opened with
 * `nameIndex: false`, walking every name as before decision 177; PostgreSQL in schemas whose
 * `pets_name_trigrams` is dropped), so the index's effect is read within one run.
 * Sizes and indexes are measured in interleaved rounds, keeping medians (the machine is
 * shared). A search stops after CALLS calls or BENCH_CELL_SECONDS (default 3) seconds,
 * whichever comes first, so the slow walks without an index finish in minutes.
 * PostgreSQL is the tests' server (see tests/support/test-postgres.ts), in a database of its
 * own created for the run and dropped after: the shared `test` database is never touched.
 * `BENCH_INDEX=with|without|both` (default both) picks which to measure.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { encodeCursor } from "@/lib/paging/cursor";
import { filterKey, type PetFilter } from "@/lib/pets/pet-filter";
import { openFileStore } from "@/lib/composition/file-store";
import { seedFileStore } from "@/lib/composition/file-seed";
import type { PetStore } from "@/lib/composition/pet-store";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { createTestDatabase, findTestServer } from "@/tests/support/test-postgres";

const SIZES = [1_000, 100_000];
const ROUNDS = Number(process.env.BENCH_ROUNDS || 5);
const CALLS = 300;
const CELL_MS = 1000 * Number(process.env.BENCH_CELL_SECONDS || 3);
const INDEXES = ({ with: [true], without: [false], both: [true, false] } as const)[
  (process.env.BENCH_INDEX || "both") as "with" | "without" | "both"
];
if (!INDEXES) throw new Error("BENCH_INDEX is with, without or both");
const SEARCHES = ["one pet", "many", "none"] as const;
type Search = (typeof SEARCHES)[number];

// The names bench-store.ts gives: "Pet 7 Rex", "Pet 9 Bella Luna".
const newPet = (id: number) => ({ name: `Pet ${id} ${id % 3 ? "Rex" : "Bella Luna"}`, categoryId: 1 + (id % 12) });

/** The query for call `i` of a search over `pets` pets: a different one each call, so no cache answers it. */
function queryOf(search: Search, pets: number, i: number) {
  const id = 1 + ((i * 7919) % pets);
  if (search === "one pet") return { limit: 20, filter: { q: newPet(id).name } };
  if (search === "none") return { limit: 20, filter: { q: `Zebra ${id}` } };
  const filter: PetFilter = { q: "luna" };
  const anchor = id - (id % 3) + 3; // a pet the search holds
  return { limit: 20, filter, cursor: encodeCursor(anchor, undefined, undefined, filterKey(filter)) };
}

/** A store under test: its pets, and whether its name index is there. */
interface Bench {
  store: PetStore;
  pets: number;
  indexed: boolean;
}

/** p50 and p99 in µs of CALLS searches (fewer if they take over CELL_MS). */
async function timeSearch(store: PetStore, pets: number, search: Search) {
  const times: number[] = [];
  const deadline = performance.now() + CELL_MS;
  for (let i = 0; i < CALLS && performance.now() < deadline; i++) {
    const query = queryOf(search, pets, i);
    const started = performance.now();
    const page = await store.list(query);
    times.push((performance.now() - started) * 1000);
    if (search === "one pet" && page.pets.length !== 1) throw new Error(`${query.filter.q}: ${page.pets.length} pets`);
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length / 2)] as number,
    p99: times[Math.floor(0.99 * (times.length - 1))] as number,
  };
}

async function openFileStores(root: string) {
  const benches: Bench[] = [];
  for (const indexed of INDEXES) {
    for (const pets of SIZES) {
      const dir = path.join(root, `${pets}-${indexed ? "indexed" : "walk"}`);
      await seedFileStore(dir, pets, (id) => ({ ...newPet(id), status: "available" }));
      benches.push({ store: await openFileStore(dir, { nameIndex: indexed }), pets, indexed });
    }
  }
  return benches;
}

async function openPostgresStores(url: string) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const benches: Bench[] = [];
  try {
    for (const indexed of INDEXES) {
      for (const pets of SIZES) {
        const schema = `search_${pets}_${indexed ? "indexed" : "unindexed"}`;
        const store = await openPostgresStore({
          connectionString: url,
          schema,
          logger: { info: () => {}, warn: console.warn },
        });
        benches.push({ store, pets, indexed });
        await admin.query(`SET search_path = ${schema}`);
        // The migrations made the index; this schema (in this run's own database) goes without.
        if (!indexed) await admin.query("DROP INDEX pets_name_trigrams");
        await admin.query(
          `INSERT INTO pets (id, name, category_id, status) OVERRIDING SYSTEM VALUE
         SELECT id, 'Pet ' || id || CASE WHEN id % 3 = 0 THEN ' Bella Luna' ELSE ' Rex' END, 1 + id % 12, 'available'
         FROM generate_series(1, $1::bigint) AS id`,
          [pets],
        );
        await admin.query("VACUUM ANALYZE pets");
      }
    }
  } finally {
    await admin.end();
  }
  return benches;
}

/** Medians over interleaved rounds: figures[bench][search] = { p50, p99 }. */
async function measure(benches: Bench[]) {
  const rounds = benches.map(() => new Map<Search, { p50: number[]; p99: number[] }>());
  for (const { store, pets } of benches) for (const search of SEARCHES) await timeSearch(store, pets, search); // warm up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, { store, pets }] of benches.entries()) {
      for (const search of SEARCHES) {
        const { p50, p99 } = await timeSearch(store, pets, search);
        const kept = rounds[i]!.get(search) ?? { p50: [], p99: [] };
        kept.p50.push(p50);
        kept.p99.push(p99);
        rounds[i]!.set(search, kept);
      }
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  return rounds.map(
    (bySearch) =>
      new Map([...bySearch].map(([search, { p50, p99 }]) => [search, { p50: median(p50), p99: median(p99) }])),
  );
}

function report(storeName: string, benches: Bench[], figures: Awaited<ReturnType<typeof measure>>): void {
  const seconds = CELL_MS / 1000;
  console.log(
    `\n${storeName}: name search, list(limit 20), p50 / p99 µs (medians of ${ROUNDS} rounds of ${CALLS} calls, or ${seconds} s of calls)`,
  );
  const label = (bench: Bench) => `${bench.pets.toLocaleString("en")} pets, ${bench.indexed ? "index" : "no index"}`;
  const groups = INDEXES.map((indexed) => benches.flatMap((bench, i) => (bench.indexed === indexed ? [i] : [])));
  const [smallest, largest] = [SIZES[0]!, SIZES.at(-1)!].map((pets) => pets.toLocaleString("en"));
  const ratioLabels = INDEXES.map((indexed) => `p50 ${largest} ÷ ${smallest}, ${indexed ? "index" : "no index"}`);
  console.log(`| search | ${[...benches.map(label), ...ratioLabels].join(" | ")} |`);
  console.log(`| --- | ${[...benches, ...INDEXES].map(() => "---").join(" | ")} |`);
  for (const search of SEARCHES) {
    const cells = figures.map((bySearch) => bySearch.get(search)!);
    const ratios = groups.map((group) => cells[group.at(-1)!]!.p50 / cells[group[0]!]!.p50);
    console.log(
      `| ${search} | ${cells.map(({ p50, p99 }) => `${p50.toFixed(0)} / ${p99.toFixed(0)}`).join(" | ")} | ${ratios.map((ratio) => `${ratio.toFixed(1)}×`).join(" | ")} |`,
    );
  }
}

async function main(): Promise<void> {
  console.log(
    `search benchmark: ${os.cpus().length} cores, Node ${process.version}, load average ${os.loadavg()[0]?.toFixed(1)}, ${new Date().toISOString()}`,
  );
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-search-"));
  try {
    const benches = await openFileStores(root);
    const rssBefore = process.memoryUsage().rss;
    report("file store", benches, await measure(benches));
    console.log(
      `RSS grew ${((process.memoryUsage().rss - rssBefore) / 2 ** 20).toFixed(0)} MB while searching (the trigram indexes are built at the first search)`,
    );
    await Promise.all(benches.map(({ store }) => store.close()));
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
  const server = await findTestServer();
  const database = await createTestDatabase(server.adminUrl);
  try {
    const benches = await openPostgresStores(database.url);
    report(`PostgreSQL (${server.source}, database ${database.name})`, benches, await measure(benches));
    await Promise.all(benches.map(({ store }) => store.close()));
  } finally {
    await database.drop();
    await server.stop();
  }
  console.log(`\nload average now ${os.loadavg()[0]?.toFixed(1)}`);
}

void main();
