import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { openFileStore } from "@/lib/composition/file-store";
import type { PetStore } from "@/lib/composition/pet-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { FileStayStore } from "./file-stay-store";
import { eraseExpiredStays } from "./record-retention";

let root: string;
let pets: Awaited<ReturnType<typeof openFileStore>> & PetStore;
let stays: FileStayStore;
beforeEach(async () => {
  root = await makeTempDir();
  // Pets without their first stay (decision 254): each test records its stays on pets that have none.
  pets = await openFileStore(path.join(root, "data"), { logger: recordingLogger(), firstStays: false });
  stays = new FileStayStore(pets.engine);
});
afterEach(async () => {
  await pets.close();
  await removeTempDir(root);
});

const DAY = 86_400_000;
const NOW = Date.parse("2026-11-28T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW - days * DAY).toISOString();

/** A stay of a new pet, brought in by someone named, closed `closedDaysAgo` days before NOW. */
async function closedStay(closedDaysAgo: number) {
  const petId = (await pets.create({ name: "Rex", categoryId: 1 })).id;
  const personal = { source: { name: "Dana Example" } };
  await stays.recordIntake(petId, {
    at: daysAgo(closedDaysAgo + 10),
    type: "stray",
    condition: "healthy",
    sourceKind: "person",
    personal,
  });
  return stays.recordOutcome(petId, { at: daysAgo(closedDaysAgo), type: "returned_to_owner" }, { timeZone: "UTC" });
}

it("erases the personal parts of stays closed longer ago than the retention, and keeps the others", async () => {
  const [old, recent] = [await closedStay(366), await closedStay(364)];
  expect(await eraseExpiredStays(stays, NOW, 365)).toBe(1);
  expect((await stays.getStay(old.id))?.intake.personal).toBeUndefined();
  expect((await stays.getStay(recent.id))?.intake.personal).toEqual({ source: { name: "Dana Example" } });
  expect(await eraseExpiredStays(stays, NOW, 365)).toBe(0);
  // A shorter retention reaches the other one too.
  expect(await eraseExpiredStays(stays, NOW, 30)).toBe(1);
});
