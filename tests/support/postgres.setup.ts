import type { TestProject } from "vitest/node";
import { createTestDatabase, findTestServer } from "./test-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** A database of this run's own; tests make a schema each inside it. */
    postgresUrl: string;
  }
}

/** Finds or starts a PostgreSQL server and gives the run a fresh database, dropped at the end. */
export default async function setup(project: TestProject) {
  const server = await findTestServer();
  const database = await createTestDatabase(server.adminUrl);
  console.log(`PostgreSQL for the tests: ${server.source}, database ${database.name}`);
  project.provide("postgresUrl", database.url);
  return async () => {
    await database.drop();
    await server.stop();
  };
}
