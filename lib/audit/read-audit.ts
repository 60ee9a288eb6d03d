import "server-only";
import type { LoggedEvent } from "@/lib/events/event-log";
import { getPetStore } from "@/lib/store";
import { decodeAuditCursor, encodeAuditCursor } from "./audit-cursor";
import { auditEntryOf } from "./audit-entry";
import type { AuditLog, AuditQuery, PreviousAsk } from "./audit-log";
import type { AuditListParams } from "./list-params";
import { prefixesOf, resourceOf } from "./resource";
import type { AuditEntry } from "./schemas";

/** A page of the record: newest first, and the cursor of the next page when there is one. */
export interface AuditPage {
  entries: AuditEntry[];
  nextCursor?: string;
}

/**
 * The record of who did what (docs/decisions/187): the event log newest first, filtered,
 * each event with what it changed against the event before it about the same resource.
 * One read for the page (one more than asked, to know whether another follows), one for
 * the states before its changes.
 */
export async function readAuditPage(params: AuditListParams): Promise<AuditPage> {
  const { limit, cursor, actor, resource, type, since, until } = params;
  const filter = JSON.stringify([actor, resource, type, since, until]);
  const query: AuditQuery = {
    limit: limit + 1,
    ...(cursor === undefined ? {} : { beforeSequence: decodeAuditCursor(cursor, filter) }),
    ...(actor ? { actor } : {}),
    ...(resource ? { resource: { prefixes: prefixesOf(resource.type), id: resource.id } } : {}),
    ...(type ? { types: type } : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
  };
  const store = await getPetStore();
  const logged = await store.readAudit(query);
  const page = logged.slice(0, limit);
  const previous = await previousOf(store, page);
  return {
    entries: page.map((entry, at) => auditEntryOf(entry.event, previous[at]?.event)),
    ...(logged.length > limit ? { nextCursor: encodeAuditCursor(page.at(-1)!.sequence, filter) } : {}),
  };
}

/**
 * The event before each one about the same resource. A person's history spans two prefixes
 * (person.*, session.*): one ask each, the later answer wins.
 */
async function previousOf(log: AuditLog, page: LoggedEvent[]): Promise<(LoggedEvent | undefined)[]> {
  const asks: PreviousAsk[] = [];
  const asked: number[][] = page.map(({ sequence, event }) => {
    const resource = resourceOf(event);
    if (!resource) return [];
    return prefixesOf(resource.type).map(
      (prefix) => asks.push({ prefix, id: resource.id, beforeSequence: sequence }) - 1,
    );
  });
  const answers = asks.length > 0 ? await log.readPrevious(asks) : [];
  return asked.map((indexes) =>
    indexes
      .map((index) => answers[index])
      .reduce<LoggedEvent | undefined>(
        (latest, found) => (found && (!latest || found.sequence > latest.sequence) ? found : latest),
        undefined,
      ),
  );
}
