import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { openFileStore, type FileStoreOptions } from "@/lib/composition/file-store";
import { SNAPSHOT_FILE } from "@/lib/store/file/layout";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { describeMedicalStoreContract } from "./medical-store.contract";
import { FileMedicalStore } from "./file-medical-store";

async function openBoth(dir: string, options: FileStoreOptions = {}) {
  const pets = await openFileStore(dir, { logger: recordingLogger(), ...options });
  return { pets, medical: new FileMedicalStore(pets.engine) };
}

describeMedicalStoreContract("file engine", async () => {
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

it("folds the medical record into the snapshot, and reads it back from it once the journals are gone", async () => {
  const root = await makeTempDir();
  const dir = path.join(root, "data");
  try {
    let { pets, medical } = await openBoth(dir);
    const petId = (await pets.create({ name: "Rex", categoryId: 1 })).id;
    const item = await medical.addItem({
      name: "Rabies",
      kind: "vaccination",
      repeatEvery: { count: 1, unit: "years" },
    });
    const entry = await medical.recordEntry(petId, { itemId: item.id, givenOn: "2026-03-01", givenBy: "Staff" });
    await medical.correctEntry(entry.id, { givenOn: "2026-03-02", reason: "Wrong day" });
    await medical.addWeight(petId, { on: "2026-03-05", kg: 9 });
    await medical.setCategorySpecies(1, "canine");
    const before = [await medical.listItems(), await medical.listEntries(petId), await medical.getHealthFacts(petId)];
    await pets.close();

    // A store that compacts after every record: the next write folds the journals away.
    let folded!: () => void;
    const journalsRemoved = new Promise<void>((resolve) => (folded = resolve));
    ({ pets, medical } = await openBoth(dir, {
      compactAfterRecords: 1,
      onCompactionStep: (step) => void (step === "journals-removed" && folded()),
    }));
    await pets.create({ name: "Ivy", categoryId: 1 });
    await journalsRemoved;
    await pets.close();
    for (const name of (await fs.readdir(dir)).filter((file) => file.startsWith("journal"))) {
      expect(await fs.readFile(path.join(dir, name), "utf8")).not.toContain('{"medical":');
    }
    const snapshot = await fs.readFile(path.join(dir, SNAPSHOT_FILE), "utf8");
    expect(JSON.parse(snapshot.split("\n")[0] as string)).toMatchObject({ version: 7, medical: 5 });
    // The item, the entry, the health facts, the species and the correction's reason.
    expect(snapshot.match(/^\{"medical":/gm)).toHaveLength(5);

    ({ pets, medical } = await openBoth(dir));
    expect([await medical.listItems(), await medical.listEntries(petId), await medical.getHealthFacts(petId)]).toEqual(
      before,
    );
    expect(await medical.categorySpecies()).toEqual(new Map([[1, "canine"]]));
    await pets.close();
  } finally {
    await removeTempDir(root);
  }
});
