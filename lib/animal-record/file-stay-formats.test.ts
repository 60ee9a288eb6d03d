import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { openFileStore } from "@/lib/composition/file-store";
import { JOURNAL_VERSION } from "@/lib/composition/file-headers";
import { journalName } from "@/lib/store/file/layout";
import { encodeLine } from "@/lib/store/file/line-codec";
import { encodePetLine } from "@/lib/pets/file-pet-record";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { FileStayStore } from "./file-stay-store";
import { encodeStayLine } from "./file-stay-line";
import type { Stay } from "./stay-schemas";

let root: string;
let dir: string;
beforeEach(async () => {
  root = await makeTempDir();
  dir = path.join(root, "data");
  await fs.mkdir(dir);
});
afterEach(() => removeTempDir(root));

const pet = { id: 1, name: "Old", categoryId: 1, status: "available" } as const;
const v7Header = encodeLine({ format: "petstore-journal", version: 7, generation: 1 });
const stay: Stay = {
  id: 1,
  petId: 1,
  intake: { at: "2026-11-01T09:00:00Z", type: "stray", condition: "healthy", sourceKind: "unknown" },
  placements: [],
};

/*
 * A directory as the store before stays wrote it: a version 7 journal (decision 251). Its pet
 * gets its first stay as the store opens (decision 255), written to a version 9 journal.
 */
it("opens a directory written before stays as it is, and writes stays to a version 9 journal", async () => {
  const v7Journal = v7Header + encodePetLine(pet) + encodeLine({ commit: 1 });
  await fs.writeFile(path.join(dir, journalName(1)), v7Journal);
  const logger = recordingLogger();
  const store = await openFileStore(dir, { logger });
  expect(logger.infos.join("\n")).toContain(`${journalName(1)} is format version 7`);
  const [opened] = await new FileStayStore(store.engine).listStays(1);
  expect(opened).toMatchObject({ petId: 1, intake: { type: "other", subtype: "not_recorded" } });
  await store.close();
  expect(await fs.readFile(path.join(dir, journalName(1)), "utf8")).toBe(v7Journal); // untouched
  const next = await fs.readFile(path.join(dir, journalName(2)), "utf8");
  // The newest version, 8 or after: later parts raise it (decision 256: 9).
  expect(JSON.parse(next.split("\n")[0] as string)).toMatchObject({ version: JOURNAL_VERSION });
  expect(next).toContain(`{"stay":${opened?.id},`);

  const reopened = await openFileStore(dir, { logger: recordingLogger() });
  try {
    expect(await new FileStayStore(reopened.engine).listStays(1)).toEqual([opened]);
  } finally {
    await reopened.close();
  }
});

it("refuses a stay record in a journal of a version before them, as damage", async () => {
  const journal = v7Header + encodePetLine(pet) + encodeStayLine(stay) + encodeLine({ commit: 2 });
  await fs.writeFile(path.join(dir, journalName(1)), journal);
  await expect(openFileStore(dir, { logger: recordingLogger() })).rejects.toThrow(/cannot hold stay records/);
});
