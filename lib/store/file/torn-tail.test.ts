import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { openFileStore } from "./file-store";
import { journalName } from "./layout";
import { makeTempDir, recordingLogger, removeTempDir } from "./test-support";

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

async function startOfLastLine(): Promise<number> {
  const text = await fs.readFile(journal);
  return text.lastIndexOf(0x0a, text.length - 2) + 1;
}

it("drops a last record cut short by a crash, logs file and offset, and appends after it", async () => {
  const lastLine = await startOfLastLine();
  await fs.truncate(journal, lastLine + 12);
  const store = await reopenExpectingTornTailAt(lastLine);
  expect((await store.list({ limit: 100 })).pets).toHaveLength(4);
  expect(await expectWritesContinueAfterRecovery(store)).toEqual(["After", "Pet 4", "Pet 3", "Pet 2", "Pet 1"]);
});

it("drops garbage appended after the last record", async () => {
  const { size } = await fs.stat(journal);
  await fs.appendFile(journal, Buffer.concat([Buffer.from('garbage\n{"id":99}\n'), Buffer.alloc(300)]));
  const store = await reopenExpectingTornTailAt(size);
  expect((await store.list({ limit: 100 })).pets).toHaveLength(5);
  expect(await expectWritesContinueAfterRecovery(store)).toHaveLength(6);
});

it("drops a complete last line whose checksum does not match", async () => {
  const lastLine = await startOfLastLine();
  const bytes = await fs.readFile(journal);
  bytes.write("X", bytes.indexOf("Pet 5", lastLine)); // same length, different content
  await fs.writeFile(journal, bytes);
  const store = await reopenExpectingTornTailAt(lastLine);
  expect(await store.get(5)).toBeUndefined();
  await store.close();
});
