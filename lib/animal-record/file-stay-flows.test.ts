import path from "node:path";
import { describe, expect, it } from "vitest";
import { seedFileStore } from "@/lib/composition/file-seed";
import { openFileStore } from "@/lib/composition/file-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { describeStayFlowsContract, type FlowStores } from "./stay-flows.contract";
import { FileStayStore } from "./file-stay-store";
import { staysPart } from "./file-stay-part";

describeStayFlowsContract("file engine", async () => {
  const root = await makeTempDir();
  const dir = path.join(root, "data");
  return {
    async open({ firstStays }) {
      const pets = await openFileStore(dir, { logger: recordingLogger(), firstStays });
      return { pets, stays: new FileStayStore(pets.engine) };
    },
    close: ({ pets }: FlowStores) => pets.close(),
    // The file engine gives pets from before the record their first stay as it opens.
    upgrade: async () => {},
    cleanup: () => removeTempDir(root),
  };
});

describe("an open giving pets from before the record their first stays, batch after batch", () => {
  it("gives each of 25,000 pets one stay over three batches of at most 10,000, and a reopen none", async () => {
    const root = await makeTempDir();
    const dir = path.join(root, "data");
    try {
      const count = 25_000;
      await seedFileStore(dir, count, (id) => ({ name: `Pet ${id}`, categoryId: 1 }));
      const stayIds = async () => {
        const store = await openFileStore(dir, { logger: recordingLogger() });
        const stays = store.engine.states.of(staysPart);
        const ids = Array.from({ length: count }, (_, row) => stays.ofPet(row + 1).map((stay) => stay.id));
        await store.close();
        return ids;
      };
      const first = await stayIds();
      expect(first.every((ids) => ids.length === 1)).toBe(true);
      expect(new Set(first.flat()).size).toBe(count);
      expect(await stayIds()).toEqual(first);
    } finally {
      await removeTempDir(root);
    }
  }, 60_000);
});
