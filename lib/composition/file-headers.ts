import { encodeJournalHeader as encodeHeader } from "@/lib/store/file/engine/headers";
import { PartTable } from "@/lib/store/file/engine/part-states";
import { FILE_PARTS } from "./file-parts";

/**
 * The format version this store writes its journals in: the highest any part's line kind
 * needs (lib/store/file/engine/headers.ts says how versions follow from the parts; docs/data-directory.md
 * lists what each version added).
 */
export const JOURNAL_VERSION = new PartTable(FILE_PARTS).journalVersion;

export function encodeJournalHeader(generation: number): string {
  return encodeHeader(JOURNAL_VERSION, generation);
}
