import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { addNote, moveTo } from "@/lib/applications/changes";
import type { ApplicationRecord } from "@/lib/applications/schemas";
import { newApplication } from "@/lib/applications/application-store.contract";
import type { PetStore } from "@/lib/composition/pet-store";
import type { CompactionStep } from "@/lib/store/file/compaction";
import { openFileStore, type FileStoreOptions } from "@/lib/composition/file-store";
import { encodeApplicationLine } from "./file-application-line";
import { SNAPSHOT_FILE, journalName } from "@/lib/store/file/layout";
import { encodeLine } from "@/lib/store/file/line-codec";
import { encodePetLine, type PetRecord } from "@/lib/pets/file-pet-record";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";

/*
 * Applications in the file store's own files (docs/decisions/192): what a restart, a
 * compaction and an erasure leave on disk.
 */

let root: string;
let dir: string;
beforeEach(async () => {
  root = await makeTempDir();
  dir = path.join(root, "data");
});
afterEach(async () => {
  await removeTempDir(root);
});

const NOW = "2026-11-25T10:00:00.000Z";
const open = (at = dir, options: FileStoreOptions = {}) => openFileStore(at, { logger: recordingLogger(), ...options });

/** The files under `at` (every one: journals, snapshot, LOCK, anything left over) whose bytes hold any of `texts`. */
function filesHolding(at: string, texts: string[]): string[] {
  return fs
    .readdirSync(at, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => {
      const bytes = fs.readFileSync(file);
      return texts.some((text) => bytes.includes(Buffer.from(text)));
    })
    .map((file) => path.relative(at, file));
}

/** What the adopter wrote, and staff about them: none of it may outlive an erasure. */
function personalTexts(application: ApplicationRecord): string[] {
  const { answers, notes, emailDigest, statusTokenDigest } = application.personal!;
  return [
    answers.name,
    answers.email,
    answers.whyThisAnimal,
    ...notes.map((note) => note.text),
    emailDigest,
    statusTokenDigest,
  ];
}

/** Resolves when compaction has passed `step`. */
function stepWatcher(step: CompactionStep) {
  let reached!: () => void;
  const done = new Promise<void>((resolve) => (reached = resolve));
  return { done, onCompactionStep: (at: CompactionStep) => (at === step ? reached() : undefined) };
}

async function createPets(store: PetStore, count: number) {
  for (let i = 0; i < count; i++) await store.create({ name: `Filler ${i}`, categoryId: 1 });
}

it("erases for good: after erasePersonalData no file of the directory holds the answers, in the snapshot or the journals", async () => {
  const compacted = stepWatcher("journals-removed");
  const store = await open(dir, { compactAfterRecords: 8, ...compacted });
  const [rex, tom] = [
    await store.create({ name: "Rex", categoryId: 1 }),
    await store.create({ name: "Tom", categoryId: 1 }),
  ];
  const ada = (await store.submitApplication(newApplication(rex.id, "ada"))).application;
  await store.changeApplication(ada.id, addNote("Ada works from home on Fridays", { type: "system" }, NOW));
  const approved = (await store.changeApplication(ada.id, moveTo("approved", NOW))) as ApplicationRecord;
  // Past the threshold once (each pet two records, with its first stay: docs/decisions/254): Ada's answers go into the snapshot.
  await createPets(store, 4);
  await compacted.done;
  // And into the new journal too: a note after the snapshot, and someone else's application.
  const noted = await store.changeApplication(ada.id, addNote("Second visit booked", { type: "system" }, NOW));
  const bob = (await store.submitApplication(newApplication(tom.id, "bob"))).application;
  const adas = personalTexts(noted as ApplicationRecord);
  expect(filesHolding(dir, adas).sort()).toEqual(["journal-000002.jsonl", "snapshot.jsonl"]);

  expect(await store.erasePersonalData([ada.id], NOW)).toEqual([ada.id]);
  expect(filesHolding(dir, adas)).toEqual([]);
  expect(filesHolding(dir, personalTexts(bob))).not.toEqual([]); // only what was erased went
  await store.create({ name: "After", categoryId: 1 });
  await store.close();

  const reopened = await open();
  try {
    const erased = await reopened.getApplication(ada.id);
    expect(erased).toMatchObject({ state: "approved", orderId: approved.orderId, erasedAt: NOW });
    expect(erased?.personal).toBeUndefined();
    expect(await reopened.getApplication(bob.id)).toEqual(bob);
    expect(await reopened.getOrder(approved.orderId as number)).toMatchObject({ status: "placed" });
    expect((await reopened.get(rex.id))?.status).toBe("pending");
  } finally {
    await reopened.close();
  }
  expect(filesHolding(dir, adas)).toEqual([]);
});

it("folds an erasure the process died before folding when the directory next opens", async () => {
  const crash = path.join(root, "crash");
  // A copy of the directory when the erasure's fold has only rotated the journal: a crash there.
  const onCompactionStep = (step: CompactionStep) =>
    step === "journal-rotated" && !fs.existsSync(crash) ? fs.cpSync(dir, crash, { recursive: true }) : undefined;
  const store = await open(dir, { onCompactionStep });
  const pet = await store.create({ name: "Rex", categoryId: 1 });
  const ada = (await store.submitApplication(newApplication(pet.id, "ada"))).application;
  await store.changeApplication(ada.id, moveTo("withdrawn", NOW));
  await store.erasePersonalData([ada.id], NOW);
  await store.close();
  expect(filesHolding(crash, personalTexts(ada))).not.toEqual([]);

  const logger = recordingLogger();
  const reopened = await openFileStore(crash, { logger });
  try {
    expect(filesHolding(crash, personalTexts(ada))).toEqual([]);
    expect(logger.infos.join("\n")).toContain("folded the journals of an earlier erasure");
    expect(await reopened.getApplication(ada.id)).toMatchObject({ state: "withdrawn", erasedAt: NOW });
  } finally {
    await reopened.close();
  }
});

it("keeps applications, their personal data and their orders through restarts and compactions", async () => {
  const compacted = stepWatcher("journals-removed");
  const store = await open(dir, { compactAfterRecords: 6, ...compacted });
  const pets = [];
  for (let i = 0; i < 3; i++) pets.push(await store.create({ name: `Pet ${i}`, categoryId: 1 }));
  const made: ApplicationRecord[] = [];
  for (const [i, who] of ["ada", "bob", "cy", "di"].entries()) {
    made.push((await store.submitApplication(newApplication(pets[i % 3]!.id, who))).application);
  }
  await store.changeApplication(made[0]!.id, moveTo("approved", NOW)); // pet 0 pending
  await store.changeApplication(made[1]!.id, moveTo("approved", NOW));
  await store.changeApplication(made[1]!.id, moveTo("withdrawn", NOW)); // pet 1 available again
  await store.changeApplication(made[2]!.id, addNote("Has a large garden", { type: "system" }, NOW));
  await createPets(store, 6);
  await compacted.done; // these in the snapshot, what follows in the journal
  await store.changeApplication(made[3]!.id, moveTo("in_review", NOW));
  const before = (await store.listApplications({ limit: 100 })).applications;
  const orders = (await store.listOrders({ limit: 100 })).orders;
  await store.close();

  const reopened = await open();
  try {
    expect((await reopened.listApplications({ limit: 100 })).applications).toEqual(before);
    expect((await reopened.listOrders({ limit: 100 })).orders).toEqual(orders);
    for (const application of before) {
      if (application.orderId === undefined) continue;
      const order = await reopened.getOrder(application.orderId);
      expect(order?.adopter).toBe(`Application ${application.reference}`);
      const expected = application.state === "approved" ? "pending" : "available";
      expect((await reopened.get(application.petId))?.status).toBe(expected);
    }
    expect(before.find((item) => item.id === made[2]!.id)?.personal?.notes).toHaveLength(1);
    expect(await reopened.findByStatusToken(made[3]!.personal!.statusTokenDigest)).toMatchObject({
      state: "in_review",
    });
    const next = await reopened.submitApplication(newApplication(pets[2]!.id, "eve"));
    expect(next.application.id).toBe(Math.max(...made.map((item) => item.id)) + 1);
  } finally {
    await reopened.close();
  }
});

/*
 * A data directory as the store before applications wrote it: a version 4 snapshot and a
 * version 6 journal. It opens as it is; applications go to a version 7 journal, and the next
 * compaction writes a version 5 snapshot that holds them.
 */
it("opens a directory written before applications, and keeps the applications written since through compaction", async () => {
  await fs.promises.mkdir(dir);
  const header = { format: "petstore-snapshot", version: 4, count: 1, orders: 0, categories: 0, idempotency: 0 };
  const snapshot = { ...header, events: 0, eventSequence: 0, eventsPrunedThrough: 0, nextJournal: 1 };
  fs.writeFileSync(path.join(dir, SNAPSHOT_FILE), encodeLine(snapshot) + encodePetLine(oldPet(1)));
  const v6Journal =
    encodeLine({ format: "petstore-journal", version: 6, generation: 1 }) +
    encodePetLine(oldPet(2)) +
    encodeLine({ commit: 1 });
  fs.writeFileSync(path.join(dir, journalName(1)), v6Journal);

  const logger = recordingLogger();
  const store = await openFileStore(dir, { logger });
  expect(logger.infos.join("\n")).toContain(`${journalName(1)} is format version 6`);
  const { application } = await store.submitApplication(newApplication(2, "ada"));
  await store.close();
  expect(fs.readFileSync(path.join(dir, journalName(1)), "utf8")).toBe(v6Journal); // untouched
  expect(fs.readFileSync(path.join(dir, journalName(2)), "utf8")).toContain(`{"application":${application.id},`);

  const compacted = stepWatcher("journals-removed");
  const reopened = await open(dir, { compactAfterRecords: 2, ...compacted });
  await reopened.create({ name: "New", categoryId: 1 }); // reaches the threshold: compacts
  await compacted.done;
  await reopened.close();
  const lines = fs.readFileSync(path.join(dir, SNAPSHOT_FILE), "utf8").split("\n");
  expect(JSON.parse(lines[0] as string)).toMatchObject({ version: 7, count: 3, applications: 1 });
  const last = await open();
  try {
    expect(await last.getApplication(application.id)).toEqual(application);
  } finally {
    await last.close();
  }
});

it("refuses an application record in a journal of a version before them, as damage", async () => {
  await fs.promises.mkdir(dir);
  const record = { ...newApplication(1, "ada"), id: 1 };
  fs.writeFileSync(
    path.join(dir, journalName(1)),
    encodeLine({ format: "petstore-journal", version: 6, generation: 1 }) +
      encodePetLine(oldPet(1)) +
      encodeApplicationLine(record) +
      encodeLine({ commit: 2 }),
  );
  await expect(open()).rejects.toThrow(/cannot hold application records/);
});

const oldPet = (id: number): PetRecord => ({ id, name: `Old ${id}`, categoryId: 1, status: "available" });
