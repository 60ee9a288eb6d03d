import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

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

/**
 * Test files that start servers of their own instead of speaking to the suite's server. They
 * would do the same work in every suite, so each runs where it proves something: with the
 * server it starts, and on the store it needs (docs/decisions/200-http-suites-side-by-side.md).
 */
const ownServer = (names: string[]) => names.map((name) => `tests/api/${name}.test.ts`);
/** `next start` of their own on the file store: in the `api` suite only. */
const OWN_NEXT_ON_FILES = ownServer(["start-failures"]);
/** `npm start` of their own on the file store: in the `api-front` suite only. */
const OWN_FRONT_ON_FILES = ownServer(["slow-clients", "graceful-stop", "graceful-stop-keep-alive"]);
/**
 * `npm start` of its own on the file store, run by the `api` suite, which has the least else
 * to do: the crowd that fills the hashing gate needs production's full password cost, so it
 * is slow, and the gate lives in the process, not the store (docs/decisions/236).
 */
const OWN_FRONT_ON_FILES_IN_API = ownServer(["sign-in-crowd"]);
/** `npm start` of their own on the suite's store (tests/api/support/own-store.ts): file and PostgreSQL suites. */
const OWN_FRONT_ON_SUITE_STORE = ownServer([
  "idempotency-crash",
  "id-limits",
  "key-identity",
  "events-crash",
  "events-retention",
  "events-once",
  "staff-sign-in",
  "staff-sign-in-form",
  "applications-mail",
  "last-admin",
  // It ran in all three suites, but never speaks to the suite's server: in `api` it repeated
  // `api-front`'s run on the same store exactly (docs/decisions/237).
  "passkeys",
]);

/** `npm start` of its own on a PostgreSQL database of its own: what it asserts has no file-store meaning. */
const OWN_FRONT_ON_POSTGRES = ownServer(["database-pools"]);

const notMine = {
  api: [...OWN_FRONT_ON_FILES, ...OWN_FRONT_ON_SUITE_STORE, ...OWN_FRONT_ON_POSTGRES],
  "api-front": [...OWN_NEXT_ON_FILES, ...OWN_FRONT_ON_FILES_IN_API, ...OWN_FRONT_ON_POSTGRES],
  "api-postgres": [...OWN_NEXT_ON_FILES, ...OWN_FRONT_ON_FILES, ...OWN_FRONT_ON_FILES_IN_API],
};

/**
 * The own-server files of `api-front` and `api-postgres`, which are most of those suites'
 * time, run in a lane of their own (a second Vitest process, `…-own`) beside the files that
 * share the suite's server: they never speak to it, and each starts its own server on a free
 * port and store, so the two lanes wait side by side (docs/decisions/297). `api` keeps its
 * two: it is the shortest suite.
 */
const OWN_LANE = {
  "api-front": [...OWN_FRONT_ON_FILES, ...OWN_FRONT_ON_SUITE_STORE],
  "api-postgres": [...OWN_FRONT_ON_SUITE_STORE, ...OWN_FRONT_ON_POSTGRES],
};

/** The HTTP API suite; tests/api/server.setup.ts starts the server the project's name asks for. */
function apiSuite(name: "api" | "api-front" | "api-postgres") {
  return {
    resolve: { alias },
    test: {
      name,
      environment: "node" as const,
      include: ["tests/api/**/*.test.ts"],
      exclude: [...notMine[name], ...(name === "api" ? [] : OWN_LANE[name])],
      globalSetup: [name === "api-postgres" ? "tests/api/postgres.setup.ts" : "tests/api/server.setup.ts"],
      // One production server serves the whole suite; files run one after another so
      // tests that count pets see only their own writes.
      fileParallelism: false,
      // The files speak HTTP and share no module state: one worker for all of them saves a
      // worker's start (about 2 s on a busy machine) per file.
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  };
}

/** A suite's own-server lane: its files one after another, on the suite's kind of store. */
function ownServerLane(suite: "api-front" | "api-postgres") {
  return {
    resolve: { alias },
    test: {
      name: `${suite}-own`,
      environment: "node" as const,
      include: OWN_LANE[suite],
      globalSetup: ["tests/api/own-servers.setup.ts"],
      // Each file starts and stops servers of its own; one at a time, as in the suite.
      fileParallelism: false,
      isolate: false,
      testTimeout: 30_000,
      hookTimeout: 120_000,
    },
  };
}

const UNIT_TESTS = [
  "lib/**/*.test.ts",
  "components/**/*.test.{ts,tsx}",
  "scripts/**/*.test.ts",
  "tests/docs/**/*.test.ts",
];

/**
 * Unit files that need modules of their own: they mock a module (`vi.mock`), count what a
 * process-wide singleton saw from its first call, or compare the whole OpenAPI document with a
 * file: a schema module loaded twice in one process (a file before them that imports modules
 * afresh) is written inline where its one copy is a reference. Every other unit file shares
 * its worker's modules with the files before it (docs/decisions/241).
 */
const UNIT_TESTS_ISOLATED = [
  "lib/api/api-keys-durability.test.ts",
  "lib/api/authenticate.test.ts",
  "lib/ops/log-page-request.test.ts",
  "lib/stats/public-stats-gate.test.ts",
  "lib/api/openapi/expected-document.test.ts",
  "scripts/api-types/render-api-types.test.ts",
];

/**
 * The unit files that take longest, longest first. Without timings of an earlier run (a fresh
 * clone has none) Vitest starts the largest files first, and postgres-store-reopened.test.ts,
 * one line long and about 45 s of work, started last: the unit run, and so the whole first
 * phase, waited for it alone (docs/decisions/287).
 */
const LONG_UNIT_FILES = ["lib/composition/postgres-store.test.ts", "lib/composition/postgres-store-reopened.test.ts"];

/** Vitest's order, with the long files first within their project. */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = LONG_UNIT_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? LONG_UNIT_FILES.length : index;
    };
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) =>
      sorted.filter((spec) => spec.project.name === name).sort((a, b) => rank(a) - rank(b)),
    );
  }
}

// `--sequence.shuffle.files` (decision 241's hunt for leaks between files) needs Vitest's own
// shuffling sequencer, which a configured one would replace.
const shuffling = process.argv.some((argument) => argument.startsWith("--sequence.shuffle"));

export default defineConfig({
  test: {
    sequence: shuffling ? {} : { sequencer: LongFilesFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: UNIT_TESTS,
          exclude: UNIT_TESTS_ISOLATED,
          // A worker's start and fresh module graph cost ~1.3 s of CPU per file on this
          // machine; 190 files shared the 2 cores' time with 150 such starts (decision 241).
          isolate: false,
          // The PostgreSQL contracts create dozens of pets per test; beside the build and lint
          // on two cores one took 9 s (fresh clones of 28 November). A bound, not a pace.
          testTimeout: 15_000,
          // A PostgreSQL database of the run's own, for the PostgreSQL adapter's tests.
          globalSetup: ["tests/support/postgres.setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: { name: "unit-isolated", environment: "node", include: UNIT_TESTS_ISOLATED },
      },
      apiSuite("api"),
      // The same suite against the front server (`npm start`); both projects listen on
      // API_TEST_PORT, so `npm run test:api:all` gives this one API_FRONT_TEST_PORT.
      apiSuite("api-front"),
      ownServerLane("api-front"),
      // The same api suite against a front server on the PostgreSQL store, on its own port
      // (API_PG_TEST_PORT), so the three suites may run side by side.
      apiSuite("api-postgres"),
      ownServerLane("api-postgres"),
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
