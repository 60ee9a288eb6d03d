import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileStore } from "@/lib/composition/file-store";
import { encodeCommitLine } from "./commit-record";
import { JOURNAL_VERSION, encodeJournalHeader } from "@/lib/composition/file-headers";
import { SNAPSHOT_FILE, journalName } from "./layout";
import { encodeLine } from "./line-codec";
import { LOCK_FILE } from "./lock";
import { encodePetLine } from "@/lib/pets/file-pet-record";
import { seedFileStore } from "@/lib/composition/file-seed";
import { makeTempDir, removeTempDir } from "@/tests/support/store/test-support";

describe("damage anywhere but the tail refuses to open and changes nothing", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  /** Replaces one byte of the `line`-th line (1-based) of `file`; returns the line's offset. */
  async function damageLine(file: string, line: number): Promise<number> {
    const bytes = await fs.readFile(file);
    let offset = 0;
    for (let i = 1; i < line; i++) offset = bytes.indexOf(0x0a, offset) + 1;
    bytes[offset + 3] = 0x7e; // "~" inside the record
    await fs.writeFile(file, bytes);
    return offset;
  }

  async function expectRefusal(file: string, offset: number, line: number) {
    const before = await fs.readFile(file);
    const opening = openFileStore(dir);
    await expect(opening).rejects.toThrow(file);
    await expect(opening).rejects.toThrow(`byte ${offset} (line ${line})`);
    expect(await fs.readFile(file)).toEqual(before);
    await expect(fs.access(path.join(dir, LOCK_FILE))).rejects.toThrow(/ENOENT/); // lock released
  }

  it("in the middle of the journal", async () => {
    const store = await openFileStore(dir);
    for (let i = 1; i <= 10; i++) await store.create({ name: `Pet ${i}`, categoryId: 1 });
    await store.close();
    const journal = path.join(dir, journalName(1));
    const offset = await damageLine(journal, 5); // line 1 is the header
    await expectRefusal(journal, offset, 5);
  });

  it("in a snapshot, even in its last record", async () => {
    await seedFileStore(dir, 50, (id) => ({ name: `Seed ${id}`, categoryId: 2 }));
    const snapshot = path.join(dir, SNAPSHOT_FILE);
    const offset = await damageLine(snapshot, 51);
    await expectRefusal(snapshot, offset, 51);
  });

  it("in a journal header", async () => {
    await (await openFileStore(dir)).close();
    const journal = path.join(dir, journalName(1));
    await damageLine(journal, 1);
    await expectRefusal(journal, 0, 1);
  });

  it("when records with valid checksums repeat an id", async () => {
    const journal = path.join(dir, journalName(1));
    const pet = { id: 1, name: "Twin", categoryId: 1, status: "sold" } as const;
    const second = encodeJournalHeader(1).length + encodePetLine(pet).length;
    await fs.writeFile(journal, encodeJournalHeader(1) + encodePetLine(pet) + encodePetLine(pet) + encodeCommitLine(2));
    await expectRefusal(journal, second, 3); // ASCII: characters are bytes
  });

  it("when a file says it is in a format version this store does not know", async () => {
    // The version after the newest: a part that adds a line kind raises the newest (decision 245).
    const unknown = JOURNAL_VERSION + 1;
    const known = Array.from({ length: JOURNAL_VERSION }, (_, at) => at + 1).join(" or ");
    const journal = path.join(dir, journalName(1));
    await fs.writeFile(journal, encodeLine({ format: "petstore-journal", version: unknown, generation: 1 }));
    await expectRefusal(journal, 0, 1);
    await expect(openFileStore(dir)).rejects.toThrow(`format version ${unknown} is not ${known}`);
  });

  it("in the newest batch, before the commit record that acknowledged it", async () => {
    const store = await openFileStore(dir);
    for (let i = 1; i <= 5; i++) await store.create({ name: `Pet ${i}`, categoryId: 1 });
    await store.close();
    const journal = path.join(dir, journalName(1));
    // Lines: the header, then a pet and its commit record per create; pet 5 is line 10.
    const offset = await damageLine(journal, 10);
    await expectRefusal(journal, offset, 10);
    await expect(openFileStore(dir)).rejects.toThrow(/in a batch committed at byte/);
  });

  it("when a commit record counts more pets than its batch holds", async () => {
    const journal = path.join(dir, journalName(1));
    const pet = encodePetLine({ id: 1, name: "Solo", categoryId: 1, status: "sold" });
    await fs.writeFile(journal, encodeJournalHeader(1) + pet + encodeCommitLine(2));
    await expectRefusal(journal, encodeJournalHeader(1).length + pet.length, 3);
  });

  it("when a journal that is not the newest ends in a batch without its commit record", async () => {
    const older = path.join(dir, journalName(1));
    const pet = encodePetLine({ id: 1, name: "Lost", categoryId: 1, status: "sold" });
    await fs.writeFile(older, encodeJournalHeader(1) + pet);
    await fs.writeFile(path.join(dir, journalName(2)), encodeJournalHeader(2));
    await expectRefusal(older, encodeJournalHeader(1).length, 2);
  });

  it("when a journal between the snapshot and the newest is missing", async () => {
    const store = await openFileStore(dir);
    await store.close();
    await fs.rename(path.join(dir, journalName(1)), path.join(dir, journalName(3)));
    await expect(openFileStore(dir)).rejects.toThrow(`missing ${journalName(1)}`);
  });
});
