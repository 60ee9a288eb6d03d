import "server-only";
import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Event } from "@/lib/events/event-types";
import { AppendFile } from "@/lib/webhooks/append-file";
import type { AuditLog } from "@/lib/webhooks/file-webhook-store";
import { isActiveAdmin, LastAdminError, type AccountStore, type SessionsToEnd } from "./account-store";
import type { PersonRecord, SessionRecord } from "./person";
import { signedOut } from "./people-events";

/** People and sessions of the file store, beside its journal (mode 0600: password hashes, token hashes). */
export const PEOPLE_FILE = "people.jsonl";

/** Ended and expired sessions are kept this long for their person's list, then dropped at compaction. */
const KEEP_ENDED_SESSIONS_MS = 30 * 86_400_000;
const COMPACT_AFTER_LINES = 5_000;

/** One line of the file: a change, replayed in order at open, carrying the events it recorded. */
type Line =
  | { person: PersonRecord; ended?: SessionRecord[]; events?: Event[] }
  | { session: SessionRecord; events?: Event[] }
  | { touch: [sessionId: string, lastSeenAt: string] }
  | { events: Event[] }
  | { signingKey: string };

/**
 * Accounts on the file store, as webhooks are kept (lib/webhooks/file-webhook-store.ts): the
 * state in memory, each change one JSON line appended and fdatasync'd before it resolves,
 * replayed at open. The file store's lock makes this process the file's one writer. A change
 * and its events cannot share one durable step with the journal (two files), so the change's
 * line carries its events, which go to the log once the line is on disk; at open every
 * carried event within retention is offered again, and the log records each id once
 * (docs/decisions/169, 189).
 */
export async function openFileAccountStore(dataDir: string, auditLog?: AuditLog): Promise<AccountStore> {
  const { appendFile, lines } = await AppendFile.open(path.join(dataDir, PEOPLE_FILE));
  const state = new AccountState();
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
      await appendFile.replace(() => state.snapshot(keptSince(), Date.now() - KEEP_ENDED_SESSIONS_MS));
    }
  };
  const endOne = async (session: SessionRecord, at: string) => {
    const ended = { ...session, endedAt: at };
    await write({ session: ended, events: [signedOut(ended)] });
    return ended;
  };
  // Changes to people run one after another: each reads what the last one wrote. Keys they
  // issued are another file (lib/keys): `revokeKeys` is left to lib/keys, right after.
  let personChanges: Promise<unknown> = Promise.resolve();

  return {
    listPeople: async () => [...state.people.values()].map(copy),
    getPerson: (id) => copyOf(state.people.get(id)),
    findPersonByEmail: async (email) => copyOf([...state.people.values()].find((person) => person.email === email)),
    findPersonByInvitation: async (hash) =>
      copyOf([...state.people.values()].find((person) => person.invitation?.hash === hash)),
    async addPerson(record, events) {
      if (state.people.has(record.id)) return false;
      if ([...state.people.values()].some((person) => person.email === record.email)) return false;
      await write({ person: copy(record), events });
      return true;
    },
    updatePerson(id, change) {
      const next = personChanges.then(async () => {
        const current = state.people.get(id);
        if (!current) return undefined;
        const decided = change(copy(current));
        if (!decided) return copy(current);
        const { record, events, endSessions } = decided;
        const taken = [...state.people.values()].some((person) => person.email === record.email && person.id !== id);
        if (taken) return "email_taken" as const;
        // Decided here, between the queue's other changes: two demotions at once see each other.
        const othersActive = [...state.people.values()].some((person) => person.id !== id && isActiveAdmin(person));
        if (isActiveAdmin(current) && !isActiveAdmin(record) && !othersActive) throw new LastAdminError();
        // The sessions it ends ride on the person's line: one durable step, as on PostgreSQL.
        const exceptId = typeof endSessions === "object" ? endSessions.exceptId : undefined;
        const ended = endSessions
          ? state
              .openSessionsOf(id)
              .filter((session) => session.id !== exceptId)
              .map((session) => ({ ...session, endedAt: record.updatedAt }))
          : [];
        if (ended.length === 0) await write({ person: copy(record), events });
        else
          await write({
            person: copy(record),
            ended,
            events: [...events, ...ended.map((session) => signedOut(session))],
          });
        return copy(record);
      });
      personChanges = next.catch(() => undefined);
      return next;
    },
    addSession: (record, events) => write({ session: { ...record }, events }),
    getSession: (id) => copyOf(state.sessions.get(id)),
    findSessionByTokenHash: async (hash) =>
      copyOf([...state.sessions.values()].find((session) => session.tokenHash === hash)),
    listSessions: async (personId) =>
      [...state.sessions.values()]
        .filter((session) => session.personId === personId)
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1))
        .map(copy),
    async touchSession(id, lastSeenAt) {
      const session = state.sessions.get(id);
      if (!session || session.endedAt || session.lastSeenAt >= lastSeenAt) return;
      await write({ touch: [id, lastSeenAt] });
    },
    async endSessions(which: SessionsToEnd, at) {
      const ended: SessionRecord[] = [];
      for (const session of state.openSessionsOf(which.personId)) {
        if ("id" in which ? session.id !== which.id : session.id === which.exceptId) continue;
        ended.push(await endOne(session, at));
      }
      return ended;
    },
    recordEvents: (events) => write({ events }),
    async signingKey() {
      const created = !state.signingKey;
      if (created) await write({ signingKey: randomBytes(32).toString("hex") });
      return { key: Buffer.from(state.signingKey!, "hex"), created };
    },
    close: () => appendFile.close(),
  };
}

class AccountState {
  people = new Map<string, PersonRecord>();
  sessions = new Map<string, SessionRecord>();
  signingKey: string | undefined;
  private events: Event[] = [];

  apply(line: Line): void {
    if ("person" in line) {
      this.people.set(line.person.id, line.person);
      for (const session of line.ended ?? []) this.sessions.set(session.id, session);
    } else if ("session" in line) this.sessions.set(line.session.id, line.session);
    else if ("touch" in line) {
      const session = this.sessions.get(line.touch[0]);
      if (session && session.lastSeenAt < line.touch[1])
        this.sessions.set(session.id, { ...session, lastSeenAt: line.touch[1] });
    } else if ("signingKey" in line) this.signingKey ??= line.signingKey;
    if ("events" in line && line.events) this.events.push(...line.events);
  }

  openSessionsOf(personId: string): SessionRecord[] {
    return [...this.sessions.values()].filter((session) => session.personId === personId && !session.endedAt);
  }

  eventsSince(sinceIso: string): Event[] {
    return this.events.filter((event) => event.createdAt >= sinceIso);
  }

  lineCount(): number {
    return this.people.size + this.sessions.size + this.events.length + 1;
  }

  /** The file's compacted form: the signing key, every person, sessions still worth listing, events still kept. */
  snapshot(eventsSince: string, sessionsSinceMs: number): string {
    this.events = this.eventsSince(eventsSince);
    for (const session of this.sessions.values()) {
      const over = session.endedAt ?? session.expiresAt;
      if (Date.parse(over) < sessionsSinceMs) this.sessions.delete(session.id);
    }
    const lines: Line[] = [
      ...(this.signingKey ? [{ signingKey: this.signingKey }] : []),
      ...[...this.people.values()].map((person) => ({ person })),
      ...[...this.sessions.values()].map((session) => ({ session })),
      ...(this.events.length > 0 ? [{ events: this.events }] : []),
    ];
    return lines.map((line) => `${JSON.stringify(line)}\n`).join("");
  }
}

function copy<Record extends object>(record: Record): Record {
  return structuredClone(record);
}

function copyOf<Record extends object>(record: Record | undefined): Record | undefined {
  return record && copy(record);
}
