import pg from "pg";
import type { TestProject } from "vitest/node";
import { createTestDatabase, findTestServer } from "@/tests/support/test-postgres";
import startServer from "./server.setup";

/**
 * The api suite again, against a server on the PostgreSQL adapter: the same setup as
 * server.setup.ts, pointed at a fresh database of this run's own (dropped at the end),
 * on its own port (API_PG_TEST_PORT) so both suites may run side by side.
 */
export default async function setup(project: TestProject) {
  const server = await findTestServer();
  const database = await createTestDatabase(server.adminUrl);
  // server.setup.ts reads both from the environment when it spawns the server; they are put
  // back at once, so another project's setup in the same vitest process is not affected.
  const saved = { url: process.env.PETSTORE_DATABASE_URL, port: process.env.API_TEST_PORT };
  process.env.PETSTORE_DATABASE_URL = database.url;
  process.env.API_TEST_PORT = process.env.API_PG_TEST_PORT || "3105";
  let stopServer: (() => Promise<void>) | undefined;
  try {
    stopServer = await startServer(project);
  } catch (error) {
    await database.drop();
    await server.stop();
    throw error;
  } finally {
    restore("PETSTORE_DATABASE_URL", saved.url);
    restore("API_TEST_PORT", saved.port);
  }
  const teardown = async () => {
    try {
      await stopServer?.();
    } finally {
      await database.drop();
      await server.stop();
    }
  };
  try {
    await expectServedFromPostgres(database.url);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

/** The server migrated this database at start: proof that the suite is not silently on the file store. */
async function expectServedFromPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query("SELECT to_regclass('public.pets') IS NOT NULL AS migrated");
    if (!rows[0]?.migrated) throw new Error("the api-postgres server did not open the PostgreSQL store");
  } finally {
    await client.end();
  }
}
