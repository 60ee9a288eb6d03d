import "server-only";
import { open, rename } from "node:fs/promises";
import path from "node:path";

/** fsyncs a directory, so a file created or renamed in it survives a crash. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `file` with `text` atomically and durably: written to a temporary file (mode
 * 0600), fsynced, renamed over `file`, and the directory fsynced so the rename itself holds.
 * A reader sees the old text or the new one, never a mix.
 */
export async function replaceFileDurably(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, "w", 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await syncDirectory(path.dirname(file));
}
