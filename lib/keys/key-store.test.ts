import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import pg from "pg";
import { migrateDatabase, MIGRATIONS_DIR } from "@/lib/store/postgres/migrate";
import { describeKeyStoreContract } from "./key-store.contract";
import { openFileKeyStore } from "./file-key-store";
import { openPostgresKeyStore } from "./postgres-key-store";

const quiet = { info: () => {}, warn: () => {} };

describeKeyStoreContract("file", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-keys-"));
  return {
    open: () => openFileKeyStore(dir),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

describeKeyStoreContract("postgres", async () => {
  const target = newTestSchema();
  await migrateDatabase({ connectionString: target.connectionString, schema: target.schema, logger: quiet });
  return {
    open: () => openPostgresKeyStore({ connectionString: target.connectionString, schema: target.schema }),
    cleanup: () => target.drop(),
  };
});

it("reads a key file from before issuers were kept, giving each key the issuer its record proves", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-keys-"));
  try {
    const key = (id: string, createdBy?: object) => ({
      id,
      name: `key ${id}`,
      scopes: ["pets:read"],
      hash: id.repeat(6).slice(0, 64).padEnd(64, "0"),
      createdAt: "2026-11-20T00:00:00.000Z",
      ...(createdBy ? { createdBy } : {}),
    });
    const keys = [
      key("aaaaaaaaaaaa"),
      key("bbbbbbbbbbbb", { type: "person", id: "per_ada" }),
      key("cccccccccccc", { type: "api_key", id: "bbbbbbbbbbbb" }),
      key("dddddddddddd", { type: "api_key", id: "env-0123456789ab" }),
      key("eeeeeeeeeeee", { type: "api_key", id: "ffffffffffff" }),
    ];
    fs.writeFileSync(path.join(dir, "api-keys.json"), JSON.stringify({ version: 1, keys }));
    const issuers = (await openFileKeyStore(dir).list()).map((record) => record.issuer);
    expect(issuers).toEqual([
      { type: "operator" },
      { type: "person", id: "per_ada" },
      { type: "person", id: "per_ada" },
      { type: "operator" },
      { type: "unknown" },
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

it("gives the keys of an older api_keys table the issuer their rows prove (migration 1796083200203)", async () => {
  const target = newTestSchema();
  await migrateDatabase({ connectionString: target.connectionString, schema: target.schema, logger: quiet });
  const client = new pg.Client({ connectionString: target.connectionString });
  await client.connect();
  try {
    await client.query(`SET search_path TO ${target.schema}`);
    // The table as it stood before the migration, with keys issued every way there was.
    await client.query("DROP INDEX api_keys_person_issuer; ALTER TABLE api_keys DROP COLUMN issuer");
    const rows: [string, object | null][] = [
      ["aaaaaaaaaaaa", null],
      ["bbbbbbbbbbbb", { type: "person", id: "per_ada" }],
      ["cccccccccccc", { type: "api_key", id: "bbbbbbbbbbbb" }],
      ["dddddddddddd", { type: "api_key", id: "cccccccccccc" }],
      ["eeeeeeeeeeee", { type: "api_key", id: "env-0123456789ab" }],
      ["ffffffffffff", { type: "api_key", id: "000000000000" }],
    ];
    for (const [id, createdBy] of rows)
      await client.query(
        "INSERT INTO api_keys (id, name, scopes, hash, created_at, created_by) VALUES ($1, $1, '{pets:read}', $2, now(), $3)",
        [id, id.repeat(6).slice(0, 64).padEnd(64, "0"), createdBy],
      );
    const migration = fs.readFileSync(path.join(MIGRATIONS_DIR, "1796083200203_add-api-key-issuers.sql"), "utf8");
    await client.query(migration.split("-- Down Migration")[0]!);
    const { rows: issuers } = await client.query<{ issuer: object }>("SELECT issuer FROM api_keys ORDER BY id");
    expect(issuers.map((row) => row.issuer)).toEqual([
      { type: "operator" },
      { type: "person", id: "per_ada" },
      { type: "person", id: "per_ada" },
      { type: "person", id: "per_ada" },
      { type: "operator" },
      { type: "unknown" },
    ]);
  } finally {
    await client.end();
    await target.drop();
  }
});
