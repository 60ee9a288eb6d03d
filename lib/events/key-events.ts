import "server-only";
import { nowMs } from "@/lib/clock";
import { creatorOf, revokerOf, type KeyRecord } from "@/lib/keys/key-store";
import { keyCreated, keyRevoked } from "./new-events";
import type { Event } from "./event-types";

/**
 * Key events on the file store (docs/decisions/163). `npm run keys` changes api-keys.json
 * while the server holds the journal, so it cannot write the event in the change's own
 * step; the key file is itself the durable record of each change (createdAt, revokedAt).
 * The server turns it into events: whenever it reads the key file, every creation and
 * revocation within retention is offered to the log, whose ids derive from the key and the
 * change, so the log records each once however often it is offered (after a crash too).
 * An event may thus follow its change by one key-cache refresh (≤ 0.5 s under traffic),
 * never go missing, never exist without its change. Its actor is the one the record names
 * (a key changed over /v1/keys keeps its caller: docs/decisions/186), else the operator.
 */
export function keyEventRecorder(
  append: (events: Event[]) => Promise<number[]>,
  retentionDays: number,
): (records: readonly KeyRecord[]) => Promise<void> {
  // Ids this process has had recorded: each is offered to the log once per process.
  const recorded = new Set<string>();
  return async (records) => {
    const since = new Date(nowMs() - retentionDays * 86_400_000).toISOString();
    const events: Event[] = [];
    for (const record of records) {
      if (record.createdAt >= since) events.push(keyCreated(record, creatorOf(record)));
      if (record.revokedAt && record.revokedAt >= since) events.push(keyRevoked(record, revokerOf(record)));
    }
    const fresh = events
      .filter((event) => !recorded.has(event.id))
      .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
    if (fresh.length === 0) return;
    await append(fresh);
    for (const event of fresh) recorded.add(event.id);
  };
}
