import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Vitest 5's reporter calls Map.groupBy, which Node gained only in 21; we run on Node 20.
if (typeof Map.groupBy !== "function") {
  Object.defineProperty(Map, "groupBy", {
    value<K, T>(items: Iterable<T>, keyOf: (item: T, index: number) => K): Map<K, T[]> {
      const groups = new Map<K, T[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}

const root = fileURLToPath(new URL(".", import.meta.url));
const alias = {
  "@": root,
  "server-only": fileURLToPath(new URL("./tests/support/server-only-stub.ts", import.meta.url)),
};

/** The HTTP API suite; tests/api/server.setup.ts starts the server the project's name asks for. */
function apiSuite(name: "api" | "api-front") {
  return {
    resolve: { alias },
    test: {
      name,
      environment: "node" as const,
      include: ["tests/api/**/*.test.ts"],
      globalSetup: ["tests/api/server.setup.ts"],
      // One production server serves the whole suite; files run one after another so
      // tests that count pets see only their own writes.
      fileParallelism: false,
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: ["lib/**/*.test.ts", "components/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
          // A PostgreSQL database of the run's own, for the PostgreSQL adapter's tests.
          globalSetup: ["tests/support/postgres.setup.ts"],
        },
      },
      apiSuite("api"),
      // The same suite against the front server (`npm start`); run it on its own (npm run
      // test:api:front), as both projects listen on API_TEST_PORT.
      apiSuite("api-front"),
      {
        resolve: { alias },
        test: {
          // The same api suite against a front server on the PostgreSQL store.
          name: "api-postgres",
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          globalSetup: ["tests/api/postgres.setup.ts"],
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Several `next start` processes on one PostgreSQL server of the suite's own.
          name: "multi-instance",
          environment: "node",
          include: ["tests/multi-instance/**/*.test.ts"],
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
