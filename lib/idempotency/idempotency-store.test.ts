import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { describeIdempotencyStoreContract } from "./idempotency-store.contract";
import { IDEMPOTENCY_FILE, openFileIdempotencyStore } from "./file-idempotency-store";
import { openPostgresIdempotencyStore } from "./postgres-idempotency-store";

describeIdempotencyStoreContract("file", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-idem-"));
  return {
    open: () => openFileIdempotencyStore(dir),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

describeIdempotencyStoreContract("postgres", async () => {
  const target = newTestSchema();
  await migrateDatabase({
    connectionString: target.connectionString,
    schema: target.schema,
    logger: { info: () => {}, warn: () => {} },
  });
  return {
    open: async () =>
      openPostgresIdempotencyStore({ connectionString: target.connectionString, schema: target.schema }),
    cleanup: () => target.drop(),
  };
});

describe("file idempotency store recovery", () => {
  it("skips a torn last line and forgets claims the dead process left running", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-idem-"));
    try {
      const now = Date.now();
      const options = { now, ttlMs: 3_600_000, abandonAfterMs: 30_000 };
      const store = await openFileIdempotencyStore(dir);
      await store.claim("done", "fp", options);
      await store.complete("done", { status: 201, body: "{}" });
      await store.claim("running", "fp", options);
      await store.close();
      fs.appendFileSync(path.join(dir, IDEMPOTENCY_FILE), '{"op":"done","key":"running","resp');
      const reopened = await openFileIdempotencyStore(dir);
      expect(await reopened.claim("done", "fp", options)).toEqual({
        kind: "done",
        response: { status: 201, body: "{}" },
      });
      expect(await reopened.claim("running", "fp", options)).toEqual({ kind: "claimed" });
      await reopened.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("file idempotency store writes", () => {
  it("shares one write among concurrent claims, and every one of them survives a reopen", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-idem-"));
    try {
      const options = { now: Date.now(), ttlMs: 3_600_000, abandonAfterMs: 30_000 };
      const store = await openFileIdempotencyStore(dir);
      const keys = Array.from({ length: 20 }, (_, i) => `k:${i}`);
      await Promise.all(keys.map((key) => store.claim(key, "fp", options)));
      await Promise.all(keys.map((key) => store.complete(key, { status: 201, body: key })));
      await store.close();
      const reopened = await openFileIdempotencyStore(dir);
      for (const key of keys) {
        expect(await reopened.claim(key, "fp", options)).toEqual({
          kind: "done",
          response: { status: 201, body: key },
        });
      }
      await reopened.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
