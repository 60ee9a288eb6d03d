import "server-only";
import { randomBytes } from "node:crypto";
import { config } from "@/lib/config";
import { getLogger } from "@/lib/ops/logger";
import { processSingleton } from "@/lib/process-singleton";
import { getPetStore } from "@/lib/composition";
import { getDatabasePools } from "@/lib/composition/database-pools";
import { openFileOutboxStore } from "./file-outbox-store";
import { OutboxSender, type MailRenderer } from "./outbox-sender";
import type { OutboxEntry, OutboxStore } from "./outbox-store";
import { mailConfigured, smtpTransport } from "./smtp-transport";

/*
 * The mail outbox (docs/decisions/207): every e-mail the server sends is an entry here first,
 * durable on both stores, sent at least once by this process's sender and retried on
 * PETSTORE_MAIL_RETRY_SCHEDULE across restarts and crashes. A new kind of message is a
 * renderer handed to startMailOutbox and one call: `await enqueueMail("kind", about)`.
 */

// One of each per process, whichever bundle asks (lib/process-singleton.ts).
const store = processSingleton<OutboxStore>("mailOutboxStore");
const sending = processSingleton<OutboxSender>("mailOutboxSender");

/** How long a held entry waits for the record it is about to be stored (./outbox-store.ts: release). */
export const HOLD_MS = 30_000;
/** How often the sender looks for entries falling due (retries, other instances' work). */
const POLL_MS = 1_000;
/** How long a given-up entry (no address, no text: its kind, its error) stays for staff to see. */
export const GIVEN_UP_KEPT_DAYS = 30;

/** The outbox beside the pet store: the mail_outbox table, or a file in the data directory. */
export function getOutboxStore(): Promise<OutboxStore> {
  return store.get(async () => {
    // On the file store, opened after the pet store, whose lock makes this process its one writer.
    await getPetStore();
    if (!config.databaseUrl) return openFileOutboxStore(config.dataDir);
    const { openPostgresOutboxStore } = await import("./postgres-outbox-store");
    const { requests, background } = await getDatabasePools();
    return openPostgresOutboxStore({ connectionString: config.databaseUrl, database: requests, background });
  });
}

/** Records messages to send now, one per kind, about one record; nothing without a mail server. */
export async function enqueueMail(kinds: string | readonly string[], about: string): Promise<void> {
  const ids = await record(kinds, about, new Date());
  if (ids.length > 0) sending.settled()?.wake();
}

/**
 * Records messages about a record not yet stored, held for HOLD_MS: releaseMail once it is
 * stored, discardMail if it was not. A crash in between leaves them to fall due, and the
 * sender drops those whose record never came to be.
 */
export async function holdMail(kinds: readonly string[], about: string): Promise<string[]> {
  return record(kinds, about, new Date(Date.now() + HOLD_MS));
}

export async function releaseMail(ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await (await getOutboxStore()).release(ids, new Date().toISOString());
  sending.settled()?.wake();
}

export async function discardMail(ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await (await getOutboxStore()).remove(ids);
}

/**
 * Records, for staff to see, a message that is not sent at all (a limit spent): an entry
 * given up at once, with its reason in words.
 */
export async function recordUnsentMail(kind: string, about: string, reason: string): Promise<void> {
  if (!mailConfigured()) return;
  const now = new Date().toISOString();
  const id = `mo_${randomBytes(12).toString("hex")}`;
  await (
    await getOutboxStore()
  ).add([{ id, kind, about, createdAt: now, attempts: 0, lastError: reason, givenUpAt: now }]);
}

/** The entries about these records, for staff to see mail that is failing. */
export async function mailAbout(abouts: readonly string[]): Promise<OutboxEntry[]> {
  return mailConfigured() && abouts.length > 0 ? (await getOutboxStore()).listAbout(abouts) : [];
}

async function record(kinds: string | readonly string[], about: string, due: Date): Promise<string[]> {
  if (!mailConfigured()) return [];
  const createdAt = new Date().toISOString();
  const entries = (typeof kinds === "string" ? [kinds] : kinds).map((kind) => ({
    id: `mo_${randomBytes(12).toString("hex")}`,
    kind,
    about,
    createdAt,
    attempts: 0,
    nextAttemptAt: due.toISOString(),
  }));
  await (await getOutboxStore()).add(entries);
  return entries.map((entry) => entry.id);
}

/** Starts this process's sender, when a mail server is configured; given-up entries are swept hourly. */
export async function startMailOutbox(renderers: Readonly<Record<string, MailRenderer>>): Promise<void> {
  const transport = smtpTransport();
  if (!transport) return;
  const outbox = await getOutboxStore();
  await sending.get(async () => {
    const logger = getLogger();
    const sender = new OutboxSender({
      store: outbox,
      renderers,
      transport,
      schedule: config.mailRetrySchedule,
      log: (level, fields, message) => logger[level](fields, message),
    });
    sender.start(POLL_MS);
    const sweep = () =>
      outbox
        .removeGivenUpBefore(new Date(Date.now() - GIVEN_UP_KEPT_DAYS * 86_400_000).toISOString())
        .catch(() => undefined);
    void sweep();
    setInterval(sweep, 3_600_000).unref();
    return sender;
  });
}

/** Stops sending (the message under way finishes) and closes the outbox; safe to call twice. */
export async function stopMailOutbox(): Promise<void> {
  const running = sending.peek();
  sending.clear();
  if (running) await (await running).stop();
  const opened = store.peek();
  store.clear();
  if (opened) await (await opened).close();
}
