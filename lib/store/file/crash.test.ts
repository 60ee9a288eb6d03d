import { afterEach, beforeEach, expect, it } from "vitest";
import type { Pet } from "../../pets/schemas";
import { openFileStore } from "./file-store";
import { makeTempDir, recordingLogger, removeTempDir, spawnStoreChild } from "./test-support";

const ROUNDS = 5;

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await removeTempDir(dir);
});

it(
  "keeps every acknowledged pet, intact and with a unique id, through repeated SIGKILLs mid-write",
  async () => {
    const acknowledged: Pet[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // 64 creates in flight and a compaction every 300 pets, so kills land mid-batch,
      // mid-rotation and mid-snapshot; each round reopens what the last one left.
      const child = spawnStoreChild(["create", dir, "64", "300"]);
      await child.ready;
      const killAfter = 200 + Math.floor(Math.random() * 1500); // acknowledgements
      await waitFor(() => child.lines.length > killAfter);
      child.process.kill("SIGKILL");
      await child.exited;
      expect(child.stderr()).not.toMatch(/failed|Error/); // recovery warnings are expected
      acknowledged.push(...child.lines.map((line) => JSON.parse(line) as Pet));
    }

    const store = await openFileStore(dir, { logger: recordingLogger() });
    try {
      const ids = acknowledged.map((pet) => pet.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const pet of acknowledged) expect(await store.get(pet.id)).toEqual(pet);
      // Nothing stored twice either: a full walk has distinct, strictly descending ids.
      const all = (await store.list({ limit: 1_000_000 })).pets.map((pet) => pet.id);
      expect(all.every((id, i) => i === 0 || id < (all[i - 1] as number))).toBe(true);
      expect(all.length).toBeGreaterThanOrEqual(acknowledged.length);
    } finally {
      await store.close();
    }
  },
  60_000,
);

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
