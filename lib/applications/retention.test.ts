import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { newApplication } from "@/lib/applications/application-store.contract";
import { openFileStore } from "@/lib/composition/file-store";
import type { PetStore } from "@/lib/composition/pet-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { moveTo } from "./changes";
import { eraseExpiredApplications } from "./retention";

let root: string;
let store: PetStore;
beforeEach(async () => {
  root = await makeTempDir();
  store = await openFileStore(path.join(root, "data"), { logger: recordingLogger() });
});
afterEach(async () => {
  await store.close();
  await removeTempDir(root);
});

const DAY = 86_400_000;
const DECIDED = "2026-06-01T10:00:00.000Z";

it("erases personal data once the retention has passed since the decision, and keeps undecided applications", async () => {
  const [rex, tom] = [
    await store.create({ name: "Rex", categoryId: 1 }),
    await store.create({ name: "Tom", categoryId: 1 }),
  ];
  const declined = (await store.submitApplication(newApplication(rex.id, "ada"))).application;
  await store.changeApplication(declined.id, moveTo("declined", DECIDED, "no garden"));
  const waiting = (await store.submitApplication(newApplication(tom.id, "bob"))).application;

  const decidedAt = Date.parse(DECIDED);
  expect(await eraseExpiredApplications(store, decidedAt + 179 * DAY, 180)).toBe(0);
  expect((await store.getApplication(declined.id))?.personal).toBeDefined();

  expect(await eraseExpiredApplications(store, decidedAt + 181 * DAY, 180)).toBe(1);
  expect(await store.getApplication(declined.id)).toMatchObject({ state: "declined", erasedAt: expect.any(String) });
  expect((await store.getApplication(declined.id))?.personal).toBeUndefined();
  // Still in the shelter's hands, however old: kept until decided.
  expect((await store.getApplication(waiting.id))?.personal).toBeDefined();
  expect(await eraseExpiredApplications(store, decidedAt + 400 * DAY, 180)).toBe(0);
});
