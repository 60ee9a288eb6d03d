import "server-only";
import path from "node:path";
import { AppendFile } from "@/lib/webhooks/append-file";
import type { OutboxEntry, OutboxStore } from "./outbox-store";

/** The file store's outbox, beside its journal. */
export const OUTBOX_FILE = "mail-outbox.jsonl";

/** The file is compacted once it holds this many lines more than the entries it describes. */
const COMPACT_AFTER_LINES = 1_000;

/** One line of the file: a change, replayed in order at open. */
type Line =
  | { entry: OutboxEntry }
  | { release: string[]; at: string }
  | { removed: string[] }
  | {
      failed: Required<Pick<OutboxEntry, "id" | "attempts" | "lastError">> &
        Pick<OutboxEntry, "nextAttemptAt" | "givenUpAt">;
    };

/**
 * The outbox on the file store: the entries live in memory and every change is one JSON line
 * appended and fdatasync'd before its promise resolves (group commit, as the webhooks' file:
 * lib/webhooks/append-file.ts); opening replays the lines. The pet store's lock makes this
 * process the file's one writer, so claims are in-memory leases: after a crash every entry
 * not yet removed is due again, at least once.
 */
export async function openFileOutboxStore(dataDir: string): Promise<OutboxStore> {
  const { appendFile, lines } = await AppendFile.open(path.join(dataDir, OUTBOX_FILE));
  const entries = new Map<string, OutboxEntry>();
  const apply = (line: Line) => {
    if ("entry" in line) entries.set(line.entry.id, { ...line.entry });
    else if ("release" in line) {
      for (const id of line.release) {
        const entry = entries.get(id);
        if (entry && !entry.givenUpAt) entry.nextAttemptAt = line.at;
      }
    } else if ("removed" in line) for (const id of line.removed) entries.delete(id);
    else {
      const entry = entries.get(line.failed.id);
      if (entry) {
        const { nextAttemptAt, givenUpAt, ...rest } = line.failed;
        Object.assign(entry, rest);
        if (nextAttemptAt) entry.nextAttemptAt = nextAttemptAt;
        else delete entry.nextAttemptAt;
        if (givenUpAt) entry.givenUpAt = givenUpAt;
      }
    }
  };
  for (const line of lines) apply(JSON.parse(line) as Line);
  const leases = new Map<string, number>();

  const write = async (...changes: Line[]) => {
    for (const change of changes) apply(change);
    await appendFile.append(changes.map((change) => JSON.stringify(change)));
    if (appendFile.linesWritten > COMPACT_AFTER_LINES + entries.size) {
      await appendFile.replace(() => [...entries.values()].map((entry) => `${JSON.stringify({ entry })}\n`).join(""));
    }
  };
  const endClaims = (ids: readonly string[]) => ids.forEach((id) => leases.delete(id));

  return {
    add: (added) =>
      added.length === 0 ? Promise.resolve() : write(...added.map((entry) => ({ entry: { ...entry } }))),
    release: async (ids, at) => {
      if (ids.length > 0) await write({ release: [...ids], at });
    },
    async claimDue(now, limit, leaseMs) {
      const at = now.getTime();
      const due = [...entries.values()]
        .filter((entry) => entry.nextAttemptAt !== undefined && Date.parse(entry.nextAttemptAt) <= at)
        .filter((entry) => (leases.get(entry.id) ?? 0) <= at)
        .sort((a, b) => Date.parse(a.nextAttemptAt!) - Date.parse(b.nextAttemptAt!))
        .slice(0, limit);
      for (const entry of due) leases.set(entry.id, at + leaseMs);
      return due.map((entry) => ({ ...entry }));
    },
    async remove(ids) {
      endClaims(ids);
      const present = ids.filter((id) => entries.has(id));
      if (present.length > 0) await write({ removed: present });
    },
    async recordFailure(failure) {
      endClaims([failure.id]);
      if (entries.has(failure.id)) await write({ failed: { ...failure } });
    },
    listAbout: async (abouts) =>
      [...entries.values()]
        .filter((entry) => abouts.includes(entry.about))
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .map((entry) => ({ ...entry })),
    async removeGivenUpBefore(before) {
      const old = [...entries.values()].filter((entry) => entry.givenUpAt !== undefined && entry.givenUpAt < before);
      if (old.length > 0) await write({ removed: old.map((entry) => entry.id) });
      return old.length;
    },
    close: () => appendFile.close(),
  };
}
