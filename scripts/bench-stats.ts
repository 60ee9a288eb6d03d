/**
 * Times the statistics (issue 42: "10 years of a 5,000-animals-a-year shelter … compute in under
 * 1 s on the file store and on PostgreSQL"). Run: npm run bench:stats
 *
 * The synthetic shelter (lib/stats/synthetic-shelter.ts: 50,000 animals, one stay each over
 * 2016–2025, some in foster, some still open), its outcomes made ones the record's rules accept
 * (lib/animal-record/stay-rules.ts outcomeProblem), with a vaccination each on its intake's day
 * and the categories mapped to species, is loaded twice:
 *  - into a file store in a temporary directory, through the stores' ports (pets.create,
 *    recordIntake, placeInFoster, recordOutcome, recordEntry, setCategorySpecies), many animals
 *    at once so writes share commits;
 *  - into a fresh PostgreSQL database (tests/support/test-postgres.ts), the schema migrated by
 *    the store, the rows by bulk SQL (INSERT … SELECT FROM unnest), as an import would.
 * Then, on each engine, for the ten years and for one year: cold (a new cache: the record read,
 * every stay's facts worked out, the figures), warm (the snapshot kept, a period's figures
 * worked out again) and cached (the answer kept: the event log's sequence checked, nothing
 * else), the median of several runs each, and a cold answer's read and stays' facts timed
 * apart. Both engines must give the same figures.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openFileStore } from "@/lib/composition/file-store";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { openDatabasePools } from "@/lib/store/postgres/pools";
import { FileStayStore } from "@/lib/animal-record/file-stay-store";
import { FileMedicalStore } from "@/lib/animal-record/file-medical-store";
import { PostgresMedicalStore } from "@/lib/animal-record/postgres-medical-store";
import { outcomeProblem } from "@/lib/animal-record/stay-rules";
import type { Stay } from "@/lib/animal-record/stay-schemas";
import { FileStatsSource } from "@/lib/stats/file-stats-source";
import { PostgresStatsSource } from "@/lib/stats/postgres-stats-source";
import { StatsCache } from "@/lib/stats/stats-cache";
import { statisticsOfFacts } from "@/lib/stats/period-statistics";
import { stayFactsOf } from "@/lib/stats/stay-facts";
import { figuresDocument } from "@/lib/stats/figures-json";
import { monthsFromTo, periodOf, type Period } from "@/lib/stats/period";
import { SYNTHETIC_MAPPING, syntheticShelter } from "@/lib/stats/synthetic-shelter";
import type { SacAnimal } from "@/lib/animal-record/sac-month";
import type { StatsSource } from "@/lib/stats/stats-source";
import { createTestDatabase, findTestServer } from "@/tests/support/test-postgres";

const ANIMALS = 50_000;
const FIRST_YEAR = 2016;
const YEARS = 10;
const RUNS = 5;
const AT_ONCE = 500;
const TARGET_MS = 1_000;
const TIME_ZONE = "America/Los_Angeles";
const quiet = { warn: () => {}, info: () => {} };

/** The synthetic stays, each outcome one the rules accept after its intake. */
function shelter(): SacAnimal[] {
  return syntheticShelter({ animals: ANIMALS, firstYear: FIRST_YEAR, years: YEARS }).map((animal) => ({
    ...animal,
    stays: animal.stays.map((stay): Stay => {
      if (!stay.outcome || !outcomeProblem(stay.intake.type, stay.outcome.type)) return stay;
      return { ...stay, outcome: { at: stay.outcome.at, type: "adoption" } };
    }),
  }));
}

const seconds = (started: number) => ((performance.now() - started) / 1000).toFixed(1);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

const VACCINE = { name: "Rabies", kind: "vaccination", repeatEvery: { count: 1, unit: "years" } } as const;
const givenOn = (animal: SacAnimal) => (animal.stays[0] as Stay).intake.at.slice(0, 10);

async function loadFileStore(dir: string, animals: SacAnimal[]) {
  // Without the plain API's automatic first stay: each intake is recorded as staff record it.
  const pets = await openFileStore(dir, { logger: quiet, firstStays: false });
  const stays = new FileStayStore(pets.engine);
  const medical = new FileMedicalStore(pets.engine);
  for (const [categoryId, species] of SYNTHETIC_MAPPING) await medical.setCategorySpecies(categoryId, species);
  const { id: itemId } = await medical.addItem(VACCINE);
  const utc = { timeZone: "UTC" };
  const load = async (animal: SacAnimal, index: number) => {
    const pet = await pets.create({
      name: `Animal ${index + 1}`,
      categoryId: animal.categoryId,
      ...(animal.birthDate ? { birthDate: animal.birthDate } : {}),
    });
    for (const stay of animal.stays) {
      await stays.recordIntake(pet.id, stay.intake);
      for (const { from, until } of stay.placements) {
        await stays.placeInFoster(
          pet.id,
          { from, ...(until ? { until } : {}), personal: { carer: { name: "Carer" } } },
          utc,
        );
      }
      if (stay.outcome) await stays.recordOutcome(pet.id, stay.outcome, utc);
    }
    await medical.recordEntry(pet.id, { itemId, givenOn: givenOn(animal), givenBy: "Lakeside Vets" });
  };
  for (let start = 0; start < animals.length; start += AT_ONCE) {
    await Promise.all(animals.slice(start, start + AT_ONCE).map((animal, i) => load(animal, start + i)));
  }
  return { pets, medical };
}

async function loadPostgres(url: string, animals: SacAnimal[]) {
  const pets = await openPostgresStore({ connectionString: url, poolMax: 4, logger: quiet, firstStays: false });
  const pools = openDatabasePools({ connectionString: url, requestsMax: 4, warn: () => {} });
  const db = pools.requests;
  const CHUNK = 10_000;
  for (let start = 0; start < animals.length; start += CHUNK) {
    const chunk = animals.slice(start, start + CHUNK);
    await db.query(
      `INSERT INTO pets (id, name, category_id, status, profile)
       OVERRIDING SYSTEM VALUE
       SELECT id, name, category_id, 'available', profile
       FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::jsonb[]) AS t(id, name, category_id, profile)`,
      [
        chunk.map((_, i) => start + i + 1),
        chunk.map((_, i) => `Animal ${start + i + 1}`),
        chunk.map((animal) => animal.categoryId),
        chunk.map((animal) => (animal.birthDate ? JSON.stringify({ birthDate: animal.birthDate }) : null)),
      ],
    );
    const stays = chunk.flatMap((animal, i) => animal.stays.map((stay) => ({ stay, petId: start + i + 1 })));
    await db.query(
      `INSERT INTO stays (id, pet_id, intake_at, intake, outcome_at, outcome, placements)
       SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::jsonb[], $5::timestamptz[], $6::jsonb[], $7::jsonb[])`,
      [
        stays.map(({ stay }) => stay.id),
        stays.map(({ petId }) => petId),
        stays.map(({ stay }) => stay.intake.at),
        stays.map(({ stay }) => JSON.stringify(stay.intake)),
        stays.map(({ stay }) => stay.outcome?.at ?? null),
        stays.map(({ stay }) => (stay.outcome ? JSON.stringify(stay.outcome) : null)),
        stays.map(({ stay }) => JSON.stringify(stay.placements)),
      ],
    );
  }
  await db.query("INSERT INTO treatment_items (id, item) VALUES (1, $1)", [JSON.stringify(VACCINE)]);
  for (let start = 0; start < animals.length; start += CHUNK) {
    const chunk = animals.slice(start, start + CHUNK);
    await db.query(
      `INSERT INTO medical_entries (id, pet_id, item_id, given_on, next_due, entry)
       SELECT id, id, 1, given_on, given_on + 365,
         jsonb_build_object('kind', 'vaccination', 'itemId', 1, 'givenOn', given_on, 'givenBy', 'Lakeside Vets', 'nextDue', given_on + 365)
       FROM unnest($1::bigint[], $2::date[]) AS t(id, given_on)`,
      [chunk.map((_, i) => start + i + 1), chunk.map(givenOn)],
    );
  }
  await db.query("INSERT INTO category_species (category_id, species) SELECT * FROM unnest($1::bigint[], $2::text[])", [
    [...SYNTHETIC_MAPPING.keys()],
    [...SYNTHETIC_MAPPING.values()],
  ]);
  await db.query("SELECT setval('pets_id_seq', $1)", [animals.length]);
  await db.query("SELECT setval('stays_id_seq', $1)", [animals.length]);
  await db.query("SELECT setval('medical_entries_id_seq', $1)", [animals.length]);
  await db.query("SELECT setval('treatment_items_id_seq', 1)");
  await db.query("ANALYZE pets, stays, medical_entries");
  return { pets, pools, medical: new PostgresMedicalStore(db) };
}

type Timings = Record<string, { cold: number[]; warm: number[]; cached: number[] }>;
/** A cold answer's first two steps, timed apart: the record's read and the stays' facts. */
type Steps = { read: number[]; facts: number[] };

/** Cold, warm and cached, for each period, RUNS times; answers the figures for comparison. */
async function timeStatistics(source: StatsSource, version: () => Promise<number>, periods: Period[]) {
  const timings: Timings = Object.fromEntries(periods.map((p) => [p.id, { cold: [], warm: [], cached: [] }]));
  const answers: Record<string, string> = {};
  const steps: Steps = { read: [], facts: [] };
  for (let run = 0; run < RUNS; run++) {
    let began = performance.now();
    const snapshot = await source.animalsForStats();
    steps.read.push(performance.now() - began);
    began = performance.now();
    stayFactsOf(snapshot.animals, snapshot.mapping, TIME_ZONE);
    steps.facts.push(performance.now() - began);
    for (const period of periods) {
      const cache = new StatsCache(version, () => source.animalsForStats(), TIME_ZONE);
      let started = performance.now();
      const view = await cache.current();
      answers[period.id] = JSON.stringify(figuresDocument(view.statistics(period)));
      timings[period.id]!.cold.push(performance.now() - started);

      started = performance.now();
      figuresDocument(statisticsOfFacts(view.facts, period, TIME_ZONE));
      timings[period.id]!.warm.push(performance.now() - started);

      started = performance.now();
      (await cache.current()).statistics(period);
      timings[period.id]!.cached.push(performance.now() - started);
    }
  }
  return { timings, answers, steps };
}

function report(engine: string, timings: Timings, steps: Steps): boolean {
  let met = true;
  console.log(
    `${engine.padEnd(10)} of a cold answer: the read ${median(steps.read).toFixed(0)} ms, the stays' facts ${median(steps.facts).toFixed(0)} ms, then the figures`,
  );
  for (const [period, { cold, warm, cached }] of Object.entries(timings)) {
    const [c, w, k] = [median(cold), median(warm), median(cached)];
    met &&= c < TARGET_MS;
    console.log(
      `${engine.padEnd(10)} ${period.padEnd(16)} cold ${c.toFixed(0).padStart(5)} ms   warm ${w.toFixed(0).padStart(4)} ms   cached ${k.toFixed(2).padStart(6)} ms   ${c < TARGET_MS ? "under 1 s" : "OVER 1 s"}`,
    );
  }
  return met;
}

async function main() {
  const animals = shelter();
  const stayCount = animals.reduce((n, a) => n + a.stays.length, 0);
  const periods = [
    monthsFromTo(`${FIRST_YEAR}-01`, `${FIRST_YEAR + YEARS - 1}-12`),
    periodOf(String(FIRST_YEAR + YEARS - 1)),
  ];
  console.log(
    `Statistics bench: ${animals.length} animals, ${stayCount} stays, ${animals.length} medical entries, ${YEARS} years; medians of ${RUNS} runs; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );

  const root = await fs.mkdtemp(path.join(os.tmpdir(), "bench-stats-"));
  const server = await findTestServer();
  const database = await createTestDatabase(server.adminUrl);
  let met = true;
  try {
    let started = performance.now();
    const { pets: filePets, medical: fileMedical } = await loadFileStore(path.join(root, "data"), animals);
    console.log(`file store loaded through its ports in ${seconds(started)} s`);
    const fileSource = new FileStatsSource(filePets.engine, () => fileMedical.categorySpecies());
    const file = await timeStatistics(fileSource, () => filePets.latestSequence(), periods);
    await filePets.close();

    started = performance.now();
    const pg = await loadPostgres(database.url, animals);
    console.log(`PostgreSQL (${server.source}) loaded by bulk SQL in ${seconds(started)} s`);
    const pgSource = new PostgresStatsSource(pg.pools.requests, () => pg.medical.categorySpecies());
    const postgres = await timeStatistics(pgSource, () => pg.pets.latestSequence(), periods);
    await pg.pets.close();
    await pg.pools.end();

    met = report("file", file.timings, file.steps) && met;
    met = report("postgres", postgres.timings, postgres.steps) && met;
    for (const period of periods) {
      if (file.answers[period.id] !== postgres.answers[period.id]) {
        console.log(`The engines' figures differ for ${period.id}`);
        met = false;
      }
    }
    console.log(met ? "Every cold figure under 1 s, the same on both engines." : "Target not met.");
  } finally {
    await database.drop();
    await server.stop();
    await fs.rm(root, { recursive: true, force: true });
  }
  process.exitCode = met ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
