import "server-only";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";

/**
 * A fresh schema in the run's test database (see tests/support/postgres.setup.ts), so each
 * test starts from an empty store without the cost of a database per test.
 */
export function newTestSchema(): { connectionString: string; schema: string; drop(): Promise<void> } {
  const connectionString = inject("postgresUrl");
  const schema = `t_${randomBytes(6).toString("hex")}`;
  return {
    connectionString,
    schema,
    async drop() {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}
