import "server-only";
import { DEFAULT_PET_STATUS, type NewPet } from "@/lib/pets/schemas";
import { nodeFs } from "@/lib/store/file/fs-layer";
import { installSnapshot, writeSnapshotTemp } from "./file-snapshot";

/**
 * Fills an empty data directory with `count` pets (ids 1..count) by writing a snapshot
 * directly, with the same format code the store uses: a million pets in seconds instead
 * of a million group commits. For benchmarks and tests; the store must not be open.
 */
export async function seedFileStore(dir: string, count: number, pet: (id: number) => NewPet): Promise<void> {
  await nodeFs.mkdir(dir, 0o700);
  if ((await nodeFs.readdir(dir)).length > 0) throw new Error(`refusing to seed ${dir}: it is not empty`);
  const source = {
    count,
    nextJournal: 1,
    pet: (row: number) => {
      const { name, categoryId, status = DEFAULT_PET_STATUS } = pet(row + 1);
      return { id: row + 1, name, categoryId, status };
    },
    orders: [],
    categories: [],
    idempotency: [],
    events: [],
    eventSequence: 0,
    eventsPrunedThrough: 0,
    applications: [],
  };
  await installSnapshot(nodeFs, dir, await writeSnapshotTemp(nodeFs, dir, source));
}
