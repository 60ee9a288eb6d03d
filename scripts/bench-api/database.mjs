/** The PostgreSQL run's own database, created on PETSTORE_BENCH_DATABASE_URL's server and dropped after. */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { DEFAULT_ADMIN_DATABASE_URL, log } from "./options.mjs";

/** petstore_bench_<random>, with an admin client that also watches its backends. */
export async function createBenchDatabase() {
  const adminUrl = process.env.PETSTORE_BENCH_DATABASE_URL || DEFAULT_ADMIN_DATABASE_URL;
  const name = `petstore_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} ENCODING 'UTF8' TEMPLATE template0`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Host and name only: the URL may carry a password.
  log(`PostgreSQL database ${url.host}/${name}`);
  return {
    url: url.toString(),
    name,
    admin,
    async drop() {
      try {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
      }
    },
  };
}
