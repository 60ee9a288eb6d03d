import "server-only";
import path from "node:path";
import type { Event } from "@/lib/events/event-types";
import { AppendFile } from "@/lib/webhooks/append-file";
import type { AuditLog } from "@/lib/webhooks/file-webhook-store";
import { counterAdvances } from "./counter";
import type { PasskeyRecord } from "./passkey";
import type { PasskeyStore, PasskeyUse } from "./passkey-store";

/** Passkeys of the file store, beside its journal (mode 0600, like the people file). */
export const PASSKEYS_FILE = "passkeys.jsonl";

const COMPACT_AFTER_LINES = 5_000;

/** One line of the file: a change, replayed in order at open, carrying the events it recorded. */
type Line =
  | { passkey: PasskeyRecord; events?: Event[] }
  | { used: [id: string, use: PasskeyUse] }
  | { removed: string[]; events?: Event[] }
  | { challenge: [hash: string, expiresAt: string] };

/**
 * Passkeys on the file store, kept as people are (../file-account-store.ts): the state in
 * memory, each change one JSON line appended and fdatasync'd before it resolves, replayed at
 * open; the file store's lock makes this process the file's one writer. Each change is
 * decided and applied in memory before its first await, so two at once cannot both pass a
 * check (the same counter, the same challenge). Used challenges are written too, so a
 * restart does not make an answer good again.
 */
export async function openFilePasskeyStore(dataDir: string, auditLog?: AuditLog): Promise<PasskeyStore> {
  const { appendFile, lines } = await AppendFile.open(path.join(dataDir, PASSKEYS_FILE));
  const state = new PasskeyState();
  for (const line of lines) state.apply(JSON.parse(line) as Line);
  const retentionMs = (auditLog?.retentionDays ?? 30) * 86_400_000;
  const keptSince = () => new Date(Date.now() - retentionMs).toISOString();
  const carried = state.eventsSince(keptSince());
  if (auditLog && carried.length > 0) await auditLog.append(carried);

  const write = async (line: Line) => {
    state.apply(line);
    await appendFile.append([JSON.stringify(line)]);
    const events = "events" in line ? (line.events ?? []) : [];
    if (events.length > 0) await auditLog?.append(events);
    if (appendFile.linesWritten > COMPACT_AFTER_LINES + state.lineCount()) {
      await appendFile.replace(() => state.snapshot(keptSince(), new Date().toISOString()));
    }
  };
  const removeWith = async (removed: PasskeyRecord[], events: Event[]) => {
    if (removed.length > 0) await write({ removed: removed.map((passkey) => passkey.id), events });
    return removed.map(copy);
  };

  return {
    async add(record, events) {
      const taken = [...state.passkeys.values()].some(
        (passkey) => passkey.id === record.id || passkey.credentialId === record.credentialId,
      );
      if (taken) return false;
      await write({ passkey: copy(record), events });
      return true;
    },
    list: async (personId) => state.of(personId).map(copy),
    findByCredentialId: async (credentialId) => {
      const found = [...state.passkeys.values()].find((passkey) => passkey.credentialId === credentialId);
      return found && copy(found);
    },
    async recordUse(id, use) {
      const passkey = state.passkeys.get(id);
      if (!passkey || !counterAdvances(passkey.counter, use.counter)) return false;
      await write({ used: [id, use] });
      return true;
    },
    async remove(personId, id, events) {
      const passkey = state.passkeys.get(id);
      if (!passkey || passkey.personId !== personId) return undefined;
      const [removed] = await removeWith([passkey], events(copy(passkey)));
      return removed;
    },
    async removeAll(personId, events) {
      const removed = state.of(personId);
      return removeWith(removed, removed.length > 0 ? events(removed.map(copy)) : []);
    },
    async useChallenge(hash, expiresAt, now) {
      const known = state.challenges.get(hash);
      if (known !== undefined && known > now) return false;
      await write({ challenge: [hash, expiresAt] });
      return true;
    },
    close: () => appendFile.close(),
  };
}

class PasskeyState {
  passkeys = new Map<string, PasskeyRecord>();
  /** Used challenges' hashes, and until when each stays used. */
  challenges = new Map<string, string>();
  private events: Event[] = [];

  apply(line: Line): void {
    if ("passkey" in line) this.passkeys.set(line.passkey.id, line.passkey);
    else if ("used" in line) {
      const [id, use] = line.used;
      const passkey = this.passkeys.get(id);
      if (passkey)
        this.passkeys.set(id, { ...passkey, counter: use.counter, backedUp: use.backedUp, lastUsedAt: use.at });
    } else if ("removed" in line) for (const id of line.removed) this.passkeys.delete(id);
    else if ("challenge" in line) this.challenges.set(...line.challenge);
    if ("events" in line && line.events) this.events.push(...line.events);
  }

  of(personId: string): PasskeyRecord[] {
    return [...this.passkeys.values()]
      .filter((passkey) => passkey.personId === personId)
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  }

  eventsSince(sinceIso: string): Event[] {
    return this.events.filter((event) => event.createdAt >= sinceIso);
  }

  lineCount(): number {
    return this.passkeys.size + this.challenges.size + 1;
  }

  /** The file's compacted form: every passkey, challenges still in use, events still kept. */
  snapshot(eventsSince: string, now: string): string {
    this.events = this.eventsSince(eventsSince);
    for (const [hash, expiresAt] of this.challenges) if (expiresAt <= now) this.challenges.delete(hash);
    const lines: Line[] = [
      ...[...this.passkeys.values()].map((passkey) => ({ passkey })),
      ...[...this.challenges].map(([hash, expiresAt]) => ({ challenge: [hash, expiresAt] as [string, string] })),
    ];
    // Kept events ride on a line of their own kind: a removal of nothing.
    if (this.events.length > 0) lines.push({ removed: [], events: this.events });
    return lines.map((line) => `${JSON.stringify(line)}\n`).join("");
  }
}

function copy<Record extends object>(record: Record): Record {
  return structuredClone(record);
}
