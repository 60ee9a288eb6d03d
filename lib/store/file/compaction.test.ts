import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import type { Pet } from "@/lib/pets/schemas";
import type { CompactionStep } from "./compaction";
import { faultyFs } from "@/tests/support/store/faulty-fs";
import { openFileStore, type FileStoreOptions } from "@/lib/composition/file-store";
import { SNAPSHOT_FILE, journalName } from "./layout";
import { LOCK_FILE } from "./lock";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";

let root: string;
let dir: string;
beforeEach(async () => {
  root = await makeTempDir();
  dir = path.join(root, "data");
});
afterEach(async () => {
  await removeTempDir(root);
});

/** Resolves when compaction has passed `step` `times` times. */
function stepWatcher(step: CompactionStep, times = 1) {
  let seen = 0;
  let reached!: () => void;
  const done = new Promise<void>((resolve) => (reached = resolve));
  const onCompactionStep = (at: CompactionStep) => {
    if (at === step && ++seen === times) reached();
  };
  return { done, onCompactionStep };
}

/** Each pet counts two records toward compaction: its line and its first stay's (docs/decisions/254). */
async function createPets(store: Awaited<ReturnType<typeof openFileStore>>, count: number, from = 0) {
  const created: Pet[] = [];
  for (let i = from; i < from + count; i++) {
    created.push(await store.create({ name: `Pet ${i}`, categoryId: 1 + (i % 5) }));
  }
  return created;
}

async function expectStoreHolds(at: string, pets: Pet[], options: FileStoreOptions = {}) {
  const store = await openFileStore(at, { logger: recordingLogger(), ...options });
  try {
    for (const pet of pets) expect(await store.get(pet.id)).toEqual(pet);
  } finally {
    await store.close();
  }
}

it("folds the journal into a snapshot, deletes the old journal, and reopens with everything", async () => {
  const watcher = stepWatcher("journals-removed");
  const store = await openFileStore(dir, { compactAfterRecords: 100, ...watcher });
  const created = await createPets(store, 60);
  await watcher.done;
  const more = await createPets(store, 5, 60);
  await store.close();
  expect(fs.readdirSync(dir).sort()).toEqual([journalName(2), SNAPSHOT_FILE]);
  await expectStoreHolds(dir, [...created, ...more]);
});

it("leaves a directory that opens with every acknowledged pet if the process dies at any compaction step", async () => {
  const crashes: { copy: string; acknowledged: number; hadTemp: boolean }[] = [];
  const acknowledged: Pet[] = [];
  const watcher = stepWatcher("journals-removed", 3);
  // Copying the directory synchronously at a step is what a crash there would leave behind.
  const onCompactionStep = (step: CompactionStep) => {
    const copy = path.join(root, `crash-${crashes.length}-${step}`);
    fs.cpSync(dir, copy, { recursive: true });
    const hadTemp = fs.readdirSync(copy).some((name) => name.endsWith(".tmp"));
    crashes.push({ copy, acknowledged: acknowledged.length, hadTemp });
    watcher.onCompactionStep(step);
  };
  const store = await openFileStore(dir, { compactAfterRecords: 40, onCompactionStep });
  while (crashes.length < 12) {
    const names = [0, 1, 2, 3].map((i) => `Pet ${acknowledged.length + i}`);
    const batch = await Promise.all(names.map((name) => store.create({ name, categoryId: 1 })));
    acknowledged.push(...batch);
  }
  await watcher.done;
  await store.close();

  const steps = new Set(crashes.map(({ copy }) => copy.replace(/.*crash-\d+-/, "")));
  expect(steps).toEqual(new Set(["journal-rotated", "snapshot-written", "snapshot-installed", "journals-removed"]));
  expect(crashes.some(({ hadTemp }) => hadTemp)).toBe(true);
  for (const { copy, acknowledged: count } of crashes) {
    await expectStoreHolds(copy, acknowledged.slice(0, count));
    const left = fs.readdirSync(copy);
    expect(left.filter((name) => name.endsWith(".tmp"))).toEqual([]); // stray temp files removed
    expect(left).not.toContain(LOCK_FILE); // the dead holder's lock was taken over, then released
  }
});

it("keeps accepting pets while compaction fails, and compacts once the disk allows", async () => {
  const disk = faultyFs();
  const logger = recordingLogger();
  const watcher = stepWatcher("journals-removed");
  const store = await openFileStore(dir, { compactAfterRecords: 20, fs: disk.fs, logger, ...watcher });
  disk.failWith("open", "ENOSPC"); // no new journal or snapshot file can be created
  const created = await createPets(store, 45);
  expect(logger.warnings.join("\n")).toMatch(/compaction failed, will retry later: .*ENOSPC/);
  disk.heal();
  created.push(...(await createPets(store, 20, 45)));
  await watcher.done;
  await store.close();
  expect(fs.readdirSync(dir)).toContain(SNAPSHOT_FILE);
  await expectStoreHolds(dir, created);
});

it("after a crash between rotation and snapshot, the next compaction removes every journal it covers", async () => {
  const crashed = path.join(root, "crashed");
  const store = await openFileStore(dir, {
    compactAfterRecords: 60,
    onCompactionStep: (step) => {
      if (step === "journal-rotated" && !fs.existsSync(crashed)) fs.cpSync(dir, crashed, { recursive: true });
    },
  });
  const created = await createPets(store, 30); // the 30th rotates; close() then lets the copy be taken
  await store.close();

  const watcher = stepWatcher("journals-removed");
  const reopened = await openFileStore(crashed, { compactAfterRecords: 60, logger: recordingLogger(), ...watcher });
  expect(fs.readdirSync(crashed).filter((name) => name.startsWith("journal-"))).toHaveLength(2);
  created.push(...(await createPets(reopened, 30, 30)));
  await watcher.done;
  await reopened.close();
  expect(fs.readdirSync(crashed).sort()).toEqual([journalName(3), SNAPSHOT_FILE]);
  await expectStoreHolds(crashed, created);
});

it("close() during a compaction stops it, leaves no temp file, and loses nothing", async () => {
  let closing: Promise<void> | undefined;
  const store = await openFileStore(dir, {
    compactAfterRecords: 40,
    onCompactionStep: async (step) => {
      if (step !== "journal-rotated") return;
      closing = store.close();
      await new Promise((resolve) => setTimeout(resolve, 20)); // let close() begin
    },
  });
  const created = await createPets(store, 20); // the 20th rotates the journal
  await vi.waitUntil(() => closing !== undefined);
  await closing;
  expect(fs.readdirSync(dir).sort()).toEqual([journalName(1), journalName(2)]);
  await expectStoreHolds(dir, created);
});
