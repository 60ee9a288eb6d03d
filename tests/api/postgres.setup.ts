import type { TestProject } from "vitest/node";
import { createTestDatabase, findTestServer } from "../support/test-postgres";
import startServer from "./server.setup";

/**
 * The api suite again, against a server on the PostgreSQL adapter: the same setup as
 * server.setup.ts, pointed at a fresh database of this run's own (dropped at the end),
 * on its own port (API_PG_TEST_PORT) so both suites may run side by side.
 */
export default async function setup(project: TestProject) {
  const server = await findTestServer();
  const database = await createTestDatabase(server.adminUrl);
  process.env.PETSTORE_DATABASE_URL = database.url;
  process.env.API_TEST_PORT = process.env.API_PG_TEST_PORT || "3105";
  let stopServer: (() => Promise<void>) | undefined;
  try {
    stopServer = await startServer(project);
  } catch (error) {
    await database.drop();
    await server.stop();
    throw error;
  }
  return async () => {
    try {
      await stopServer?.();
    } finally {
      await database.drop();
      await server.stop();
    }
  };
}
