import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
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
