import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileStore } from "@/lib/composition/file-store";
import { journalName } from "./layout";
import { encodePetLine } from "@/lib/pets/file-pet-record";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";

let dir: string;
let journal: string;
beforeEach(async () => {
  dir = await makeTempDir();
  journal = path.join(dir, journalName(1));
  const store = await openFileStore(dir);
  for (let i = 1; i <= 5; i++) await store.create({ name: `Pet ${i}`, categoryId: i });
  await store.close();
});
afterEach(async () => {
  await removeTempDir(dir);
});

/** Opens the store, expecting exactly one torn-tail warning at `offset`; returns it and the names. */
async function reopenExpectingTornTailAt(offset: number) {
  const logger = recordingLogger();
  const store = await openFileStore(dir, { logger });
  expect(logger.warnings).toHaveLength(1);
  expect(logger.warnings[0]).toContain(journal);
  expect(logger.warnings[0]).toContain(`byte ${offset}`);
  expect((await fs.stat(journal)).size).toBe(offset); // cut back to the last good record
  return store;
}

async function expectWritesContinueAfterRecovery(store: Awaited<ReturnType<typeof openFileStore>>) {
  await store.create({ name: "After", categoryId: 9 });
  await store.close();
  const logger = recordingLogger();
  const reopened = await openFileStore(dir, { logger });
  expect(logger.warnings).toEqual([]);
  const names = (await reopened.list({ limit: 100 })).pets.map((pet) => pet.name);
  await reopened.close();
  return names;
}

/** Where the `n`-th line from the end begins (1: the last line). */
async function startOfLineFromEnd(n: number): Promise<number> {
  const text = await fs.readFile(journal);
  let start = text.length;
  for (let i = 0; i < n; i++) start = text.lastIndexOf(0x0a, start - 2) + 1;
  return start;
}

// Each create above was its own batch: a pet line, its first stay's line (docs/decisions/254), their
// events' lines, then the commit record closing the four.
const startOfLastBatch = () => startOfLineFromEnd(5);

it("drops a last batch whose commit record a crash cut short, logs file and offset, and appends after it", async () => {
  const lastBatch = await startOfLastBatch();
  await fs.truncate(journal, (await startOfLineFromEnd(1)) + 5);
  const store = await reopenExpectingTornTailAt(lastBatch);
  expect((await store.list({ limit: 100 })).pets).toHaveLength(4);
  expect(await expectWritesContinueAfterRecovery(store)).toEqual(["After", "Pet 4", "Pet 3", "Pet 2", "Pet 1"]);
});

it("drops garbage appended after the last commit record", async () => {
  const { size } = await fs.stat(journal);
  await fs.appendFile(journal, Buffer.concat([Buffer.from('garbage\n{"id":99}\n'), Buffer.alloc(300)]));
  const store = await reopenExpectingTornTailAt(size);
  expect((await store.list({ limit: 100 })).pets).toHaveLength(5);
  expect(await expectWritesContinueAfterRecovery(store)).toHaveLength(6);
});

it("drops a last batch whose commit record's checksum does not match", async () => {
  const lastBatch = await startOfLastBatch();
  const bytes = await fs.readFile(journal);
  bytes.write("3", bytes.indexOf('{"commit":4', lastBatch) + 10); // same length, different content
  await fs.writeFile(journal, bytes);
  const store = await reopenExpectingTornTailAt(lastBatch);
  expect(await store.get(5)).toBeUndefined();
  await store.close();
});

describe("a batch a crash tore out of order (a bad line, then good lines of the same batch) opens without it", () => {
  /** Appends pets 6 to 9 as one batch whose commit record never reached the disk, `lost` lines zeroed. */
  async function appendTornBatch(lost: number[]): Promise<number> {
    const { size } = await fs.stat(journal);
    const lines = [6, 7, 8, 9].map((id) => encodePetLine({ id, name: `Torn ${id}`, categoryId: 1, status: "sold" }));
    const bytes = Buffer.from(lines.map((line, i) => (lost.includes(i) ? "\0".repeat(line.length) : line)).join(""));
    await fs.appendFile(journal, bytes);
    return size;
  }

  it("when its first pages were lost", async () => {
    const store = await reopenExpectingTornTailAt(await appendTornBatch([0, 1]));
    expect((await store.list({ limit: 100 })).pets.map((pet) => pet.id)).toEqual([5, 4, 3, 2, 1]);
    expect(await expectWritesContinueAfterRecovery(store)).toHaveLength(6);
  });

  it("when a page in its middle was lost, after pets that were read before the cut was known", async () => {
    const store = await reopenExpectingTornTailAt(await appendTornBatch([2]));
    expect(await store.get(6)).toBeUndefined();
    expect((await store.list({ limit: 100 })).pets.map((pet) => pet.id)).toEqual([5, 4, 3, 2, 1]);
    expect(await expectWritesContinueAfterRecovery(store)).toEqual([
      "After",
      "Pet 5",
      "Pet 4",
      "Pet 3",
      "Pet 2",
      "Pet 1",
    ]);
  });

  it("when every line of it is intact but its commit record is missing", async () => {
    const store = await reopenExpectingTornTailAt(await appendTornBatch([]));
    expect(await store.get(9)).toBeUndefined();
    await store.close();
  });
});
