import "server-only";
import type { StoreFs } from "@/lib/store/file/fs-layer";
import { installSnapshot, writeSnapshotTemp as writeSections } from "@/lib/store/file/engine/snapshot";
import { sectionsOf } from "@/lib/store/file/engine/headers";
import { FILE_PARTS } from "./file-parts";
import { encodePetLine, type PetRecord } from "@/lib/pets/file-pet-record";
import { petsPart } from "@/lib/pets/file-pet-part";

export { installSnapshot };

/** The pets of a new data directory, for the commands that fill one (seed, export from PostgreSQL). */
export interface SnapshotSource {
  count: number;
  nextJournal: number;
  pet(row: number): PetRecord;
}

/**
 * Writes a snapshot of `source`'s pets (every other section empty) to a temporary file, in
 * the store's own format: install it with installSnapshot into a directory no store has open.
 */
export async function writeSnapshotTemp(fsys: StoreFs, dir: string, source: SnapshotSource): Promise<string> {
  const sections = sectionsOf(FILE_PARTS);
  const copies = sections.map((section) =>
    section === petsPart.snapshot
      ? { count: source.count, line: (row: number) => encodePetLine(source.pet(row)) }
      : { count: 0, line: () => "" },
  );
  return writeSections(fsys, dir, { sections, copies, nextJournal: source.nextJournal });
}
