import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { openFileStore, type FileStoreOptions } from "@/lib/composition/file-store";
import { SNAPSHOT_FILE } from "@/lib/store/file/layout";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { describeStayStoreContract } from "./stay-store.contract";
import { FileStayStore } from "./file-stay-store";

const UTC = { timeZone: "UTC" };

/** Pets without their first stay (decision 254): the contract records stays one by one on pets that have none. */
async function openBoth(dir: string, options: FileStoreOptions = {}) {
  const pets = await openFileStore(dir, { logger: recordingLogger(), firstStays: false, ...options });
  return { pets, stays: new FileStayStore(pets.engine) };
}

describeStayStoreContract("file engine", async () => {
  const dir = path.join(await makeTempDir(), "data");
  const subject = {
    ...(await openBoth(dir)),
    async reopen() {
      await subject.pets.close();
      Object.assign(subject, await openBoth(dir));
    },
    async cleanup() {
      await subject.pets.close();
      await removeTempDir(path.dirname(dir));
    },
  };
  return subject;
});

it("folds stays into the snapshot, and reads them back from it once the journals are gone", async () => {
  const root = await makeTempDir();
  const dir = path.join(root, "data");
  try {
    let { pets, stays } = await openBoth(dir);
    const petId = (await pets.create({ name: "Rex", categoryId: 1 })).id;
    const at = (day: number) => `2026-11-${String(day).padStart(2, "0")}T09:00:00Z`;
    await stays.recordIntake(petId, { at: at(1), type: "stray", condition: "healthy", sourceKind: "unknown" });
    await stays.recordOutcome(petId, { at: at(2), type: "returned_to_owner" }, { timeZone: "UTC" });
    await stays.recordIntake(petId, { at: at(3), type: "other", condition: "healthy", sourceKind: "unknown" });
    const before = await stays.listStays(petId);
    await pets.close();

    // A store that compacts after every record: the next write folds the journals away.
    let folded!: () => void;
    const journalsRemoved = new Promise<void>((resolve) => (folded = resolve));
    ({ pets, stays } = await openBoth(dir, {
      compactAfterRecords: 1,
      onCompactionStep: (step) => void (step === "journals-removed" && folded()),
    }));
    await pets.create({ name: "Ivy", categoryId: 1 });
    await journalsRemoved;
    await pets.close();
    for (const name of (await fs.readdir(dir)).filter((file) => file.startsWith("journal"))) {
      expect(await fs.readFile(path.join(dir, name), "utf8")).not.toContain('{"stay":');
    }
    const snapshot = await fs.readFile(path.join(dir, SNAPSHOT_FILE), "utf8");
    expect(snapshot.match(/^\{"stay":/gm)).toHaveLength(2);

    ({ pets, stays } = await openBoth(dir));
    expect(await stays.listStays(petId)).toEqual(before);
    await pets.close();
  } finally {
    await removeTempDir(root);
  }
});

it("takes erased personal parts out of the files: the erasure waits for the fold", async () => {
  const root = await makeTempDir();
  const dir = path.join(root, "data");
  try {
    const { pets, stays } = await openBoth(dir);
    const petId = (await pets.create({ name: "Rex", categoryId: 1 })).id;
    const personal = { source: { name: "Dana Example" }, notes: "Found by the river" };
    const at = "2025-01-01T09:00:00Z";
    await stays.recordIntake(petId, { at, type: "stray", condition: "healthy", sourceKind: "person", personal });
    await stays.recordOutcome(petId, { at, type: "returned_to_owner" }, { timeZone: "UTC" });
    expect(await stays.erasePersonalClosedBefore("2026-01-01T00:00:00Z")).toBe(1);
    for (const name of await fs.readdir(dir)) {
      const text = await fs.readFile(path.join(dir, name), "utf8").catch(() => "");
      expect(text).not.toContain("Dana");
      expect(text).not.toContain("river");
    }
    await pets.close();
  } finally {
    await removeTempDir(root);
  }
});

it("keeps a correction's reason with the stay's line, out of its event, and erases it with the personal parts", async () => {
  const root = await makeTempDir();
  const dir = path.join(root, "data");
  try {
    let { pets, stays } = await openBoth(dir);
    const petId = (await pets.create({ name: "Rex", categoryId: 1 })).id;
    const at = "2025-01-01T09:00:00Z";
    const { stay: opened } = await stays.recordIntake(petId, {
      at,
      type: "stray",
      condition: "healthy",
      sourceKind: "unknown",
    });
    await stays.correctIntake(
      petId,
      opened.id,
      { type: "relinquished_by_owner", reason: "Brought by Dana, not found" },
      UTC,
    );
    const journal = async () =>
      (await Promise.all((await fs.readdir(dir)).map((name) => fs.readFile(path.join(dir, name), "utf8")))).join("");
    const lines = (await journal()).split("\n");
    expect(lines.find((line) => line.startsWith('{"stay":') && line.includes('"history"'))).toContain(
      '"reason":"Brought by Dana, not found"',
    );
    expect(lines.filter((line) => line.includes("stay.corrected")).join("")).not.toContain("Dana");
    await stays.recordOutcome(petId, { at, type: "returned_to_owner" }, UTC);
    await pets.close();
    ({ pets, stays } = await openBoth(dir));
    expect(await stays.erasePersonalClosedBefore("2026-01-01T00:00:00Z")).toBe(1);
    expect(await journal()).not.toContain("Dana");
    await pets.close();
  } finally {
    await removeTempDir(root);
  }
});
