import type { TestProject } from "vitest/node";
import { createTestDatabase, findTestServer } from "@/tests/support/test-postgres";

/**
 * The lanes of files that start servers of their own (`api-front-own`, `api-postgres-own` in
 * vitest.config.mts): they never speak to a suite's server, so none is started here, only
 * the suite's store is named: "" for the file store, or a fresh database on the test
 * PostgreSQL server, beside which tests/api/support/own-store.ts makes each file's own.
 */
export default async function setup(project: TestProject) {
  if (!project.name.startsWith("api-postgres")) {
    project.provide("databaseUrl", "");
    return;
  }
  const server = await findTestServer();
  const database = await createTestDatabase(server.adminUrl);
  project.provide("databaseUrl", database.url);
  return async () => {
    try {
      await database.drop();
    } finally {
      await server.stop();
    }
  };
}
