import path from "node:path";

/**
 * File names in a data directory:
 *   LOCK                    who has the directory open (pid, host, boot, namespace, start)
 *   snapshot.jsonl          every pet up to some point, written whole then renamed in
 *   journal-000042.jsonl    pets created since; the highest generation is appended to
 *   *.tmp                   a snapshot or journal being written; never read, removed on open
 */
export const SNAPSHOT_FILE = "snapshot.jsonl";
const JOURNAL_NAME = /^journal-(\d{6,15})\.jsonl$/;
const TEMP_SUFFIX = ".tmp";

export function journalName(generation: number): string {
  return `journal-${String(generation).padStart(6, "0")}.jsonl`;
}

/** The generation of a journal file name, or undefined for any other name. */
export function journalGeneration(name: string): number | undefined {
  const match = JOURNAL_NAME.exec(name);
  return match ? Number(match[1]) : undefined;
}

export function isTempFile(name: string): boolean {
  return name.endsWith(TEMP_SUFFIX);
}

export function tempPath(finalPath: string): string {
  return finalPath + TEMP_SUFFIX;
}

export function inDir(dir: string, name: string): string {
  return path.join(dir, name);
}
