import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { IdempotencyRecord, StoredResponse } from "@/lib/idempotency/idempotency-store";
import type { CompactionStep } from "@/lib/store/file/compaction";
import { openFileStore } from "@/lib/composition/file-store";
import { encodeIdempotencyLine } from "./file-idempotency-line";
import { SNAPSHOT_FILE, journalName } from "@/lib/store/file/layout";
import { encodeLine } from "@/lib/store/file/line-codec";
import { LEGACY_IDEMPOTENCY_FILE } from "./file-legacy-idempotency";
import { encodeCommitLine } from "@/lib/store/file/commit-record";
import { encodePetLine } from "@/lib/pets/file-pet-record";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await removeTempDir(dir);
});

const HOUR = 3_600_000;
const now = Date.now();
const options = (at = now) => ({ now: at, ttlMs: 24 * HOUR, abandonAfterMs: 30_000 });
const answer = (pet: { id: number }): StoredResponse => ({ status: 201, body: JSON.stringify(pet) });
const recordFor = (key: string, expiresAt = now + 24 * HOUR): IdempotencyRecord<{ id: number }> => ({
  key,
  fingerprint: "fp",
  claimedAt: now,
  expiresAt,
  answer,
});

describe("the file store's idempotency records", () => {
  it("are written in the pet's own batch: one line after the pet, one commit record for both", async () => {
    const store = await openFileStore(dir, { logger: recordingLogger() });
    await store.claim("k:1", "fp", options());
    const pet = await store.create({ name: "Rex", categoryId: 1 }, recordFor("k:1"));
    await store.close();
    const lines = (await fs.readFile(path.join(dir, journalName(1)), "utf8")).trimEnd().split("\n");
    // The pet's first stay is the pet op's own (docs/decisions/254): before the answer, as the pet.
    expect(lines.slice(1).map((line) => Object.keys(JSON.parse(line) as object)[0])).toEqual([
      "id",
      "stay",
      "idempotency",
      "event",
      "event",
      "commit",
    ]);
    expect(JSON.parse(lines[6] as string)).toMatchObject({ commit: 5 });
    expect(JSON.parse(lines[3] as string)).toMatchObject({ idempotency: "k:1", body: JSON.stringify(pet) });
  });

  it("survive compaction into the snapshot, without the expired ones", async () => {
    let removed!: () => void;
    const journalsRemoved = new Promise<void>((resolve) => (removed = resolve));
    const onCompactionStep = (step: CompactionStep) => (step === "journals-removed" ? removed() : undefined);
    // Eight records: each pet and its first stay (docs/decisions/254).
    const store = await openFileStore(dir, { compactAfterRecords: 8, onCompactionStep, logger: recordingLogger() });
    const pets = [];
    for (let i = 0; i < 4; i++) {
      await store.claim(`k:${i}`, "fp", options());
      // k:0 expires before the compaction runs; the others are kept.
      const expiresAt = i === 0 ? now + 1 : now + 24 * HOUR;
      pets.push(await store.create({ name: `Pet ${i}`, categoryId: 1 }, recordFor(`k:${i}`, expiresAt)));
    }
    await journalsRemoved;
    await store.close();
    const header = JSON.parse((await fs.readFile(path.join(dir, SNAPSHOT_FILE), "utf8")).split("\n")[0] as string);
    expect(header).toMatchObject({ version: 7, count: 4, idempotency: 3 });
    const reopened = await openFileStore(dir, { logger: recordingLogger() });
    for (let i = 1; i < 4; i++) {
      expect(await reopened.claim(`k:${i}`, "fp", options())).toEqual({ kind: "done", response: answer(pets[i]!) });
    }
    expect(await reopened.claim("k:0", "other", options())).toEqual({ kind: "claimed" });
    await reopened.close();
  });

  it("forget a claim whose request never committed once the store is reopened: the lock proves it died", async () => {
    const store = await openFileStore(dir, { logger: recordingLogger() });
    await store.claim("k:1", "fp", options());
    expect(await store.claim("k:1", "fp", options(now + 60_000))).toEqual({ kind: "running" });
    await store.close();
    const reopened = await openFileStore(dir, { logger: recordingLogger() });
    expect(await reopened.claim("k:1", "fp", options())).toEqual({ kind: "claimed" });
    await reopened.close();
  });

  it("open a version 3 journal (written before them) as it is and go to a new journal", async () => {
    const v3 =
      encodeLine({ format: "petstore-journal", version: 3, generation: 1 }) +
      encodePetLine({ id: 1, name: "Old", categoryId: 1, status: "available" }) +
      encodeCommitLine(1);
    await fs.writeFile(path.join(dir, journalName(1)), v3);
    const store = await openFileStore(dir, { logger: recordingLogger() });
    await store.claim("k:1", "fp", options());
    const pet = await store.create({ name: "New", categoryId: 1 }, recordFor("k:1"));
    await store.close();
    expect(await fs.readFile(path.join(dir, journalName(1)), "utf8")).toBe(v3);
    const reopened = await openFileStore(dir, { logger: recordingLogger() });
    expect((await reopened.list({ limit: 5 })).pets.map((p) => p.name)).toEqual(["New", "Old"]);
    expect(await reopened.claim("k:1", "fp", options())).toEqual({ kind: "done", response: answer(pet) });
    await reopened.close();
  });

  it("are refused in a journal of a version before them, as damage", async () => {
    const entry = { key: "k:1", fingerprint: "fp", expiresAt: now + HOUR, response: answer({ id: 1 }) };
    await fs.writeFile(
      path.join(dir, journalName(1)),
      encodeLine({ format: "petstore-journal", version: 3, generation: 1 }) +
        encodePetLine({ id: 1, name: "Old", categoryId: 1, status: "available" }) +
        encodeIdempotencyLine(entry) +
        encodeCommitLine(2),
    );
    await expect(openFileStore(dir, { logger: recordingLogger() })).rejects.toThrow(
      "a version 3 journal cannot hold idempotency records",
    );
  });
});

describe("an idempotency.jsonl left by an older version", () => {
  it("has its live answers moved into the journal, and is removed", async () => {
    const done = { status: 201, body: '{"id":7}', location: "/v1/pets/7" };
    const lines = [
      { op: "claim", key: "k:done", fingerprint: "fp", startedAt: now, expiresAt: now + HOUR },
      { op: "done", key: "k:done", response: done },
      { op: "claim", key: "k:running", fingerprint: "fp", startedAt: now, expiresAt: now + HOUR },
      { op: "claim", key: "k:expired", fingerprint: "fp", startedAt: now, expiresAt: now - 1 },
      { op: "done", key: "k:expired", response: done },
    ];
    const file = path.join(dir, LEGACY_IDEMPOTENCY_FILE);
    await fs.writeFile(file, lines.map((line) => JSON.stringify(line) + "\n").join("") + '{"op":"done","key":"k:run');
    const store = await openFileStore(dir, { logger: recordingLogger() });
    await expect(fs.access(file)).rejects.toThrow();
    expect(await store.claim("k:done", "fp", options())).toEqual({ kind: "done", response: done });
    await store.close();
    const reopened = await openFileStore(dir, { logger: recordingLogger() });
    expect(await reopened.claim("k:done", "fp", options())).toEqual({ kind: "done", response: done });
    expect(await reopened.claim("k:running", "fp", options())).toEqual({ kind: "claimed" });
    expect(await reopened.claim("k:expired", "other", options())).toEqual({ kind: "claimed" });
    await reopened.close();
  });
});
