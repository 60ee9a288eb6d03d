/**
 * What bounds a durable create, measured beside the load: the file store answers a POST
 * after one append and fdatasync (its group commit makes one per batch), PostgreSQL after
 * its COMMIT flushes the WAL. The probe does the same step on its own, one after another,
 * on the same disk (a file in the store's data directory) or the same database (a table of
 * its own), while the workload runs, and reports the latencies it saw.
 */
import fs from "node:fs";
import path from "node:path";
import pg from "pg";

/** Starts probing; `stop()` resolves to `{ what, count, p50, p99 }` in milliseconds. */
export function startDurableProbe({ dataDir, databaseUrl }) {
  const latencies = [];
  let running = true;
  const step = databaseUrl ? commitStep(databaseUrl) : fsyncStep(dataDir);
  const loop = (async () => {
    const { run, close } = await step;
    try {
      while (running) {
        const started = performance.now();
        await run();
        latencies.push(performance.now() - started);
        // Paced, so the probe adds little load of its own (about 200 steps a second at most).
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      await close();
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      const sorted = Float64Array.from(latencies).sort();
      const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN);
      return { what: databaseUrl ? "COMMIT" : "fdatasync", count: sorted.length, p50: at(0.5), p99: at(0.99) };
    },
  };
}

async function fsyncStep(dataDir) {
  const file = path.join(dataDir, "durable-probe.bin");
  const handle = await fs.promises.open(file, "a");
  const line = Buffer.alloc(200, 0x61);
  return {
    run: async () => {
      await handle.write(line);
      await handle.datasync();
    },
    close: async () => {
      await handle.close();
      await fs.promises.rm(file, { force: true });
    },
  };
}

async function commitStep(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "bench durable probe" });
  await client.connect();
  await client.query("CREATE TABLE IF NOT EXISTS bench_durable_probe (id bigserial PRIMARY KEY, body text NOT NULL)");
  return {
    run: () => client.query("INSERT INTO bench_durable_probe (body) VALUES ($1)", ["probe"]),
    close: async () => {
      await client.query("DROP TABLE IF EXISTS bench_durable_probe").catch(() => {});
      await client.end();
    },
  };
}
