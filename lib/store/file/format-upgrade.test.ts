import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import type { CompactionStep } from "./compaction";
import { openFileStore } from "@/lib/composition/file-store";
import { JOURNAL_VERSION } from "@/lib/composition/file-headers";
import { SNAPSHOT_FILE, journalName } from "./layout";
import { encodeLine } from "./line-codec";
import { encodePetLine, type PetRecord } from "@/lib/pets/file-pet-record";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";

/*
 * A data directory as version 1 of the store wrote it: a snapshot, and a journal whose
 * pets have no commit records. It keeps opening; new pets go to a version 2 journal.
 */
let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await removeTempDir(dir);
});

const pet = (id: number): PetRecord => ({ id, name: `Old ${id}`, categoryId: 1 + (id % 3), status: "available" });
const journalV1Header = (generation: number) => encodeLine({ format: "petstore-journal", version: 1, generation });
const journalPath = (generation: number) => path.join(dir, journalName(generation));

async function writeVersion1Directory(journalTail = "") {
  const snapshot =
    encodeLine({ format: "petstore-snapshot", version: 1, count: 3, nextJournal: 1 }) +
    [1, 2, 3].map((id) => encodePetLine(pet(id))).join("");
  await fs.writeFile(path.join(dir, SNAPSHOT_FILE), snapshot);
  await fs.writeFile(journalPath(1), journalV1Header(1) + encodePetLine(pet(4)) + encodePetLine(pet(5)) + journalTail);
}

it("opens a version 1 directory, cutting its torn tail by the version 1 rules, and writes on in a current-version journal", async () => {
  const v1Journal = journalV1Header(1) + encodePetLine(pet(4)) + encodePetLine(pet(5));
  await writeVersion1Directory('{"id":6,"categoryId":1,"sta');
  const logger = recordingLogger();
  const store = await openFileStore(dir, { logger });
  expect(logger.warnings).toEqual([expect.stringContaining(`byte ${v1Journal.length}`)]);
  expect(logger.infos.join("\n")).toContain(`${journalName(1)} is format version 1`);
  expect((await store.list({ limit: 10 })).pets.map((p) => p.id)).toEqual([5, 4, 3, 2, 1]);
  expect(await store.create({ name: "New", categoryId: 2 })).toMatchObject({ id: 6 });
  await store.close();

  expect(await fs.readFile(journalPath(1), "utf8")).toBe(v1Journal); // left as version 1 wrote it, minus the tail
  const v2 = (await fs.readFile(journalPath(2), "utf8")).split("\n");
  expect(JSON.parse(v2[0] as string)).toMatchObject({
    format: "petstore-journal",
    version: JOURNAL_VERSION,
    generation: 2,
  });
  // First the old pets' first stays, one batch and no event (docs/decisions/254); then the new pet's.
  const records = v2.slice(1, -1).map((line) => JSON.parse(line) as unknown);
  const firstStays = [1, 2, 3, 4, 5].map((petId) => ({ petId, intake: { subtype: "not_recorded" } }));
  expect(records).toMatchObject([
    ...firstStays,
    { commit: 5 },
    { id: 6 },
    { petId: 6 },
    { event: 1, type: "pet.created" },
    { event: 2, type: "stay.opened" },
    { commit: 4 },
  ]);

  const reopened = await openFileStore(dir, { logger: recordingLogger() });
  expect((await reopened.list({ limit: 10 })).pets.map((p) => p.name)).toEqual([
    "New",
    "Old 5",
    "Old 4",
    "Old 3",
    "Old 2",
    "Old 1",
  ]);
  await reopened.close();
});

it("folds the version 1 journal into the snapshot at the next compaction", async () => {
  await writeVersion1Directory();
  let removed!: () => void;
  const journalsRemoved = new Promise<void>((resolve) => (removed = resolve));
  const onCompactionStep = (step: CompactionStep) => (step === "journals-removed" ? removed() : undefined);
  const store = await openFileStore(dir, { compactAfterRecords: 2, onCompactionStep, logger: recordingLogger() });
  await store.create({ name: "New", categoryId: 2 });
  await journalsRemoved;
  await store.close();
  expect((await fs.readdir(dir)).sort()).toEqual([journalName(3), SNAPSHOT_FILE]);
  const reopened = await openFileStore(dir, { logger: recordingLogger() });
  expect((await reopened.list({ limit: 10 })).pets).toHaveLength(6);
  await reopened.close();
});

it("still refuses a version 1 journal with a bad line followed by good ones", async () => {
  await writeVersion1Directory();
  const bytes = await fs.readFile(journalPath(1));
  const offset = bytes.indexOf('{"id":4');
  bytes[offset + 3] = 0x7e;
  await fs.writeFile(journalPath(1), bytes);
  await expect(openFileStore(dir, { logger: recordingLogger() })).rejects.toThrow(`byte ${offset} (line 2)`);
});

/*
 * A data directory as the store before orders wrote it: a version 1 snapshot and a
 * version 2 journal (commit records, pets only). It opens without loss; orders and
 * categories go to a new journal, and a compaction writes a current snapshot.
 */
it("opens a directory written before orders, keeps every pet, and upgrades it as it writes", async () => {
  const snapshot =
    encodeLine({ format: "petstore-snapshot", version: 1, count: 3, nextJournal: 1 }) +
    [1, 2, 3].map((id) => encodePetLine(pet(id))).join("");
  await fs.writeFile(path.join(dir, SNAPSHOT_FILE), snapshot);
  const v2Journal =
    encodeLine({ format: "petstore-journal", version: 2, generation: 1 }) +
    encodePetLine(pet(4)) +
    encodePetLine(pet(5)) +
    encodeLine({ commit: 2 });
  await fs.writeFile(journalPath(1), v2Journal);

  const logger = recordingLogger();
  const store = await openFileStore(dir, { logger });
  expect(logger.infos.join("\n")).toContain(`${journalName(1)} is format version 2`);
  expect((await store.list({ limit: 10 })).pets.map((p) => p.id)).toEqual([5, 4, 3, 2, 1]);
  const order = await store.placeOrder({ petId: 2, adopter: "Ada" });
  await store.createCategory({ id: 1, name: "Dogs" });
  await store.close();
  expect(await fs.readFile(journalPath(1), "utf8")).toBe(v2Journal); // untouched

  let removed!: () => void;
  const journalsRemoved = new Promise<void>((resolve) => (removed = resolve));
  const onCompactionStep = (step: CompactionStep) => (step === "journals-removed" ? removed() : undefined);
  const reopened = await openFileStore(dir, { compactAfterRecords: 2, onCompactionStep, logger: recordingLogger() });
  expect(await reopened.getOrder(order.id)).toEqual(order);
  expect((await reopened.get(2))?.status).toBe("pending");
  await reopened.create({ name: "New", categoryId: 1 }); // reaches the threshold: compacts
  await journalsRemoved;
  await reopened.close();
  const header = JSON.parse((await fs.readFile(path.join(dir, SNAPSHOT_FILE), "utf8")).split("\n")[0] as string);
  expect(header).toMatchObject({ version: 7, count: 6, orders: 1, categories: 1, idempotency: 0, applications: 0 });

  const compacted = await openFileStore(dir, { logger: recordingLogger() });
  expect((await compacted.list({ limit: 10 })).pets).toHaveLength(6);
  expect(await compacted.getOrder(order.id)).toEqual(order);
  expect((await compacted.get(2))?.status).toBe("pending");
  expect(await compacted.listCategories()).toEqual([{ id: 1, name: "Dogs" }]);
  await compacted.close();
});

/*
 * A data directory as the store before profiles wrote it (issue 24): a version 3 snapshot
 * and a version 5 journal. It opens as it is; profile edits go to a version 6 journal, and
 * the next compaction writes a version 4 snapshot whose pet lines carry the profile.
 */
it("opens a directory written before profiles, and keeps the profiles and edits written since through compaction", async () => {
  const snapshot =
    encodeLine({
      format: "petstore-snapshot",
      version: 3,
      count: 2,
      orders: 0,
      categories: 0,
      idempotency: 0,
      nextJournal: 1,
    }) + [1, 2].map((id) => encodePetLine(pet(id))).join("");
  await fs.writeFile(path.join(dir, SNAPSHOT_FILE), snapshot);
  const v5Journal =
    encodeLine({ format: "petstore-journal", version: 5, generation: 1 }) +
    encodePetLine(pet(3)) +
    encodeLine({ commit: 1 });
  await fs.writeFile(journalPath(1), v5Journal);

  const logger = recordingLogger();
  const store = await openFileStore(dir, { logger });
  expect(logger.infos.join("\n")).toContain(`${journalName(1)} is format version 5`);
  const edited = await store.updatePet(2, { name: "Biscuit", sex: "female", goodWith: { dogs: "yes" } });
  expect(edited).toEqual({
    id: 2,
    name: "Biscuit",
    categoryId: 3,
    status: "available",
    sex: "female",
    goodWith: { dogs: "yes" },
  });
  await store.create({ name: "Pip", categoryId: 1, size: "small" });
  await store.close();
  expect(await fs.readFile(journalPath(1), "utf8")).toBe(v5Journal); // untouched
  expect(await fs.readFile(journalPath(2), "utf8")).toContain('{"petEdit":2,"name":"Biscuit"');

  let removed!: () => void;
  const journalsRemoved = new Promise<void>((resolve) => (removed = resolve));
  const onCompactionStep = (step: CompactionStep) => (step === "journals-removed" ? removed() : undefined);
  const reopened = await openFileStore(dir, { compactAfterRecords: 2, onCompactionStep, logger: recordingLogger() });
  expect(await reopened.get(2)).toEqual(edited);
  await reopened.create({ name: "New", categoryId: 1 }); // reaches the threshold: compacts
  await journalsRemoved;
  await reopened.close();
  const lines = (await fs.readFile(path.join(dir, SNAPSHOT_FILE), "utf8")).split("\n");
  expect(JSON.parse(lines[0] as string)).toMatchObject({ version: 7, count: 5 });
  expect(lines[2]).toContain('"name":"Biscuit","sex":"female","goodWith":{"dogs":"yes"}');

  const compacted = await openFileStore(dir, { logger: recordingLogger() });
  expect(await compacted.get(2)).toEqual(edited);
  expect(await compacted.get(4)).toMatchObject({ name: "Pip", size: "small" });
  expect((await compacted.list({ limit: 10, filter: { sex: "female" } })).pets.map((p) => p.id)).toEqual([2]);
  await compacted.close();
});

it("refuses a pet-edit record in a journal of a version before them, as damage", async () => {
  await fs.writeFile(
    journalPath(1),
    encodeLine({ format: "petstore-journal", version: 5, generation: 1 }) +
      encodePetLine(pet(1)) +
      encodeLine({ petEdit: 1, name: "Rex", categoryId: 1, at: "2026-11-26T10:00:00.000Z" }) +
      encodeLine({ commit: 2 }),
  );
  await expect(openFileStore(dir, { logger: recordingLogger() })).rejects.toThrow(/cannot hold pet-edit records/);
});
