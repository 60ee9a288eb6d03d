import "server-only";
import type { LoggedEvent } from "@/lib/events/event-log";
import { EVENT_TYPE_NAMES } from "@/lib/events/event-types";
import { readableTypes, unreadableAmong, UnreadableEventTypeError } from "@/lib/events/visibility";
import { grants, type Scope } from "@/lib/keys/scopes";
import { getAccountStore } from "@/lib/people/accounts";
import { getPetStore } from "@/lib/composition";
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
 * Only the kinds of change the caller's scopes may read (docs/decisions/209): the store is
 * asked for those types alone, so pages stay full and cursors exact; a filter that names a
 * type or a resource the caller may not read is refused, as the feed refuses it. One read for
 * the page (one more than asked, to know whether another follows), one for the states before
 * its changes.
 */
export async function readAuditPage(params: AuditListParams, scopes: readonly Scope[]): Promise<AuditPage> {
  const { limit, cursor, actor, resource, type, since, until } = params;
  const filter = JSON.stringify([actor, resource, type, since, until]);
  const types = visibleTypes(scopes, type, resource?.type);
  const query: AuditQuery = {
    limit: limit + 1,
    ...(cursor === undefined ? {} : { beforeSequence: decodeAuditCursor(cursor, filter) }),
    ...(actor ? { actor } : {}),
    ...(resource ? { resource: { prefixes: prefixesOf(resource.type), id: resource.id } } : {}),
    ...(types ? { types } : {}),
    ...(since ? { since } : {}),
    ...(until ? { until } : {}),
  };
  const store = await getPetStore();
  const logged = await store.readAudit(query);
  const page = logged.slice(0, limit);
  const previous = await previousOf(store, page);
  const entries = await withApplicationsNamed(
    store,
    page.map((entry, at) => auditEntryOf(entry.event, previous[at]?.event)),
  );
  return {
    entries: grants(scopes, "people:read") ? await withPeopleNamed(entries) : entries,
    ...(logged.length > limit ? { nextCursor: encodeAuditCursor(page.at(-1)!.sequence, filter) } : {}),
  };
}

/**
 * The types a page may hold: those asked for, every one readable, or every readable type
 * (undefined: every type, the caller may read them all).
 */
function visibleTypes(
  scopes: readonly Scope[],
  asked: readonly string[] | undefined,
  resourceKind: string | undefined,
): readonly string[] | undefined {
  const readable = readableTypes(scopes);
  const named = asked ?? (resourceKind ? EVENT_TYPE_NAMES.filter((name) => ofKind(name, resourceKind)) : []);
  const [unreadable] = unreadableAmong(scopes, named);
  if (unreadable) throw new UnreadableEventTypeError(unreadable);
  if (asked) return asked;
  return readable.length === EVENT_TYPE_NAMES.length ? undefined : readable;
}

const ofKind = (type: string, kind: string) => prefixesOf(kind).some((prefix) => type.startsWith(`${prefix}.`));

/**
 * The names of the people a page mentions, as their accounts hold them now: events carry
 * only account ids (nothing personal reaches the feed or webhooks), and the record is read
 * by admins, who may see who their staff are (docs/decisions/187, 189); only to a caller who
 * may read people (docs/decisions/209).
 */
async function withPeopleNamed(entries: AuditEntry[]): Promise<AuditEntry[]> {
  const ids = new Set<string>();
  for (const entry of entries) {
    if (entry.actor.type === "person") ids.add(entry.actor.id);
    if (entry.resource?.type === "person") ids.add(entry.resource.id);
  }
  if (ids.size === 0) return entries;
  const accounts = await getAccountStore();
  const names = new Map<string, string>();
  for (const id of ids) {
    const person = await accounts.getPerson(id);
    if (person) names.set(id, person.name);
  }
  return entries.map((entry) => {
    const actorName = entry.actor.type === "person" ? names.get(entry.actor.id) : undefined;
    const resourceName = entry.resource?.type === "person" ? names.get(entry.resource.id) : undefined;
    return {
      ...entry,
      ...(actorName ? { actorName } : {}),
      ...(resourceName && entry.resource ? { resource: { ...entry.resource, name: resourceName } } : {}),
    };
  });
}

/**
 * Applications by their references (`A-7K3P-9QX2`), the name staff quote on the phone, not
 * their ids: events carry only the summary (docs/decisions/191), and the reference is no
 * personal data (the order names it too). Only callers who may read applications see their
 * entries (docs/decisions/209); an application gone from the store keeps its id.
 */
async function withApplicationsNamed(store: ApplicationReader, entries: AuditEntry[]): Promise<AuditEntry[]> {
  const references = new Map<string, string>();
  for (const { resource } of entries) {
    if (resource?.type !== "application" || references.has(resource.id)) continue;
    const application = await store.getApplication(Number(resource.id));
    if (application) references.set(resource.id, application.reference);
  }
  if (references.size === 0) return entries;
  return entries.map((entry) => {
    const reference = entry.resource?.type === "application" ? references.get(entry.resource.id) : undefined;
    return reference && entry.resource ? { ...entry, resource: { ...entry.resource, name: reference } } : entry;
  });
}

type ApplicationReader = { getApplication(id: number): Promise<{ reference: string } | undefined> };

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
