import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { openFileStore } from "@/lib/composition/file-store";
import { journalName } from "@/lib/store/file/layout";
import { encodeLine } from "@/lib/store/file/line-codec";
import { encodePetLine } from "@/lib/pets/file-pet-record";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { FileMedicalStore } from "./file-medical-store";
import { encodeMedicalLine } from "./file-medical-line";

let root: string;
let dir: string;
beforeEach(async () => {
  root = await makeTempDir();
  dir = path.join(root, "data");
  await fs.mkdir(dir);
});
afterEach(() => removeTempDir(root));

const pet = { id: 1, name: "Old", categoryId: 1, status: "available" } as const;
const v8Header = encodeLine({ format: "petstore-journal", version: 8, generation: 1 });
const item = { id: 1, name: "Rabies", kind: "vaccination" } as const;

/* A directory as the store before the medical record wrote it: a version 8 journal (decision 256). */
it("opens a directory written before the medical record as it is, and writes it to a version 9 journal", async () => {
  const v8Journal = v8Header + encodePetLine(pet) + encodeLine({ commit: 1 });
  await fs.writeFile(path.join(dir, journalName(1)), v8Journal);
  const logger = recordingLogger();
  const store = await openFileStore(dir, { logger });
  expect(logger.infos.join("\n")).toContain(`${journalName(1)} is format version 8`);
  const medical = new FileMedicalStore(store.engine);
  const added = await medical.addItem({ name: item.name, kind: item.kind });
  const entry = await medical.recordEntry(1, { itemId: added.id, givenOn: "2026-03-01", givenBy: "Staff" });
  await store.close();
  expect(await fs.readFile(path.join(dir, journalName(1)), "utf8")).toBe(v8Journal); // untouched
  const next = await fs.readFile(path.join(dir, journalName(2)), "utf8");
  expect(JSON.parse(next.split("\n")[0] as string)).toMatchObject({ version: 9 });
  expect(next).toContain(`{"medical":"entry","id":${entry.id},`);

  const reopened = await openFileStore(dir, { logger: recordingLogger() });
  try {
    expect(await new FileMedicalStore(reopened.engine).listEntries(1)).toEqual([entry]);
  } finally {
    await reopened.close();
  }
});

it("refuses a medical record in a journal of a version before it, as damage", async () => {
  const journal =
    v8Header + encodePetLine(pet) + encodeMedicalLine({ medical: "item", item }) + encodeLine({ commit: 2 });
  await fs.writeFile(path.join(dir, journalName(1)), journal);
  await expect(openFileStore(dir, { logger: recordingLogger() })).rejects.toThrow(/cannot hold medical records/);
});
