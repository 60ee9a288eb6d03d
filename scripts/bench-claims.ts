/**
 * Idempotency-Key claims on PostgreSQL, three ways in one run (docs/decisions/242):
 *  - "own async pool": as before 242, the claim statement on a pool of its own whose
 *    connections start with synchronous_commit=off;
 *  - "shared + CTE": as now, on the request pool, the statement reading the async_commit CTE;
 *  - "shared, sync": the same pool and the statement without it, for what the CTE saves.
 * One claim at a time (p50, p90), the variants in a random order for each claim so the
 * machine's load falls on all alike; then 32 at once in bursts, again in a random order (claims/s).
 * Run: tsx --conditions=react-server scripts/bench-claims.ts
 */
import pg from "pg";
import { claimKeys } from "@/lib/idempotency/postgres-idempotency-queries";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { createDatabase } from "@/lib/store/postgres/pool";
import { PURPOSES } from "@/lib/store/postgres/pools";
import { createTestDatabase, findTestServer } from "@/tests/support/test-postgres";

const SERIAL = 1_500;
const BURSTS = 30;
const BURST = 200;
const CONCURRENCY = 32;
const POOL_MAX = 4;

let keys = 0;
function oneClaim() {
  const now = new Date();
  const expiresAt = new Date(now.getTime() + 86_400_000);
  return [
    { key: `bench:${++keys}`, fingerprint: "fp", now, expiresAt, abandonedBefore: new Date(now.getTime() - 30_000) },
  ];
}

/** The claim statement as it was before 242: without the async_commit CTE. */
function withoutAsyncCommit(query: pg.QueryConfig): pg.QueryConfig {
  const text = query.text
    .replace(
      "WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)), input AS (",
      "WITH input AS (",
    )
    .replace(", async_commit\n", "\n");
  if (text.includes("async_commit")) throw new Error("the claim statement changed: update this benchmark");
  return { ...query, name: "bench_claim_plain", text };
}

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const at = (values: number[], share: number) => sorted(values)[Math.floor(values.length * share)]!;

async function main() {
  const server = await findTestServer();
  const database = await createTestDatabase(server.adminUrl);
  const quiet = { info: () => {}, warn: () => {} };
  await migrateDatabase({ connectionString: database.url, logger: quiet });
  const own = new pg.Pool({
    connectionString: database.url,
    max: POOL_MAX,
    application_name: "bench own claims pool",
    options: "-c synchronous_commit=off",
  });
  const shared = createDatabase(
    { connectionString: database.url, max: POOL_MAX, applicationName: PURPOSES.requests },
    () => {},
  );
  const variants: Record<string, () => Promise<unknown>> = {
    "own async pool": () => own.query(withoutAsyncCommit(claimKeys(oneClaim()))),
    "shared + CTE": () => shared.query(claimKeys(oneClaim())),
    "shared, sync": () => shared.query(withoutAsyncCommit(claimKeys(oneClaim()))),
  };
  try {
    const latencies = Object.fromEntries(Object.keys(variants).map((name) => [name, [] as number[]]));
    for (let i = 0; i < SERIAL; i++) {
      for (const [name, claim] of Object.entries(variants).sort(() => Math.random() - 0.5)) {
        const started = performance.now();
        await claim();
        latencies[name]!.push((performance.now() - started) * 1000);
      }
    }
    const spent = Object.fromEntries(Object.keys(variants).map((name) => [name, 0]));
    for (let burst = 0; burst < BURSTS; burst++) {
      for (const [name, claim] of Object.entries(variants).sort(() => Math.random() - 0.5)) {
        let left = BURST;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            while (left-- > 0) await claim();
          }),
        );
        spent[name]! += performance.now() - started;
      }
    }
    for (const name of Object.keys(variants)) {
      const one = latencies[name]!;
      const rate = (BURSTS * BURST) / (spent[name]! / 1000);
      console.log(
        `${name.padEnd(15)} one at a time p50 ${at(one, 0.5).toFixed(0)} µs, p90 ${at(one, 0.9).toFixed(0)} µs; ` +
          `${CONCURRENCY} at once ${rate.toFixed(0)} claims/s`,
      );
    }
  } finally {
    await Promise.all([own.end(), shared.end()]);
    await database.drop();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
