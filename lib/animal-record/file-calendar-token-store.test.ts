import fs from "node:fs/promises";
import path from "node:path";
import { expect, it } from "vitest";
import { openFileStore, type FileStoreOptions } from "@/lib/composition/file-store";
import { SNAPSHOT_FILE, journalName } from "@/lib/store/file/layout";
import { encodeLine } from "@/lib/store/file/line-codec";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { describeCalendarTokenStoreContract } from "./calendar-token-store.contract";
import { FileCalendarTokenStore } from "./file-calendar-token-store";

async function openTokens(dir: string, options: FileStoreOptions = {}) {
  const pets = await openFileStore(dir, { logger: recordingLogger(), ...options });
  return { pets, tokens: new FileCalendarTokenStore(pets.engine) };
}

describeCalendarTokenStoreContract("file engine", async () => {
  const dir = path.join(await makeTempDir(), "data");
  const subject = {
    ...(await openTokens(dir)),
    async reopen() {
      await subject.pets.close();
      Object.assign(subject, await openTokens(dir));
    },
    async cleanup() {
      await subject.pets.close();
      await removeTempDir(path.dirname(dir));
    },
  };
  return subject;
});

it("folds the live tokens into the snapshot, never a revoked one, and reads them back from it", async () => {
  const root = await makeTempDir();
  const dir = path.join(root, "data");
  const holder = (id: string) => ({ type: "person" as const, id });
  const issuedAt = "2026-11-28T14:00:00.000Z";
  try {
    let { pets, tokens } = await openTokens(dir);
    await tokens.issue({ holder: holder("per_a"), digest: "a".repeat(64), issuedAt });
    await tokens.issue({ holder: holder("per_b"), digest: "b".repeat(64), issuedAt });
    await tokens.revoke(holder("per_b"));
    await pets.close();

    let folded!: () => void;
    const journalsRemoved = new Promise<void>((resolve) => (folded = resolve));
    ({ pets, tokens } = await openTokens(dir, {
      compactAfterRecords: 1,
      onCompactionStep: (step) => void (step === "journals-removed" && folded()),
    }));
    await pets.create({ name: "Ivy", categoryId: 1 });
    await journalsRemoved;
    await pets.close();
    const snapshot = await fs.readFile(path.join(dir, SNAPSHOT_FILE), "utf8");
    expect(snapshot.match(/^\{"calendarToken":/gm)).toHaveLength(1);
    expect(snapshot).not.toContain("b".repeat(64));

    ({ pets, tokens } = await openTokens(dir));
    expect(await tokens.findByDigest("a".repeat(64))).toEqual({
      holder: holder("per_a"),
      digest: "a".repeat(64),
      issuedAt,
    });
    expect(await tokens.findByDigest("b".repeat(64))).toBeUndefined();
    await pets.close();
  } finally {
    await removeTempDir(root);
  }
});

it("refuses a calendar token line in a journal of a version before them, as damage", async () => {
  const root = await makeTempDir();
  const dir = path.join(root, "data");
  try {
    await fs.mkdir(dir);
    const header = encodeLine({ format: "petstore-journal", version: 8, generation: 1 });
    const line = encodeLine({
      calendarToken: { type: "person", id: "per_a" },
      digest: "a".repeat(64),
      issuedAt: "2026-11-28T14:00:00.000Z",
    });
    await fs.writeFile(path.join(dir, journalName(1)), header + line + encodeLine({ commit: 1 }));
    await expect(openFileStore(dir, { logger: recordingLogger() })).rejects.toThrow(/cannot hold calendar tokens/);
  } finally {
    await removeTempDir(root);
  }
});
