import "server-only";
import type { Caller } from "@/lib/keys/caller";
import { holdsScope } from "@/lib/keys/holder-scopes";
import { siteOrigin } from "@/lib/origin/site-origin";
import { getResourceStore } from "@/lib/composition";
import { calendarStorage } from "./calendar-resource-storage";
import { calendarFeedUrl, CALENDAR_TOKEN, type CalendarFeed, type CalendarTokenHolder } from "./calendar-token";
import { calendarTokenDigest, newCalendarToken } from "./calendar-token-secret";
import { dueCalendar } from "./due-calendar";
import { readDueList } from "./due-service";

/*
 * The due treatments' calendar feed and its tokens (docs/decisions/258): a token a holder,
 * issued over /v1 (medical:read), answered once, kept as its digest; the feed is served to
 * whoever presents a live token whose holder still reads medical data (docs/decisions/249).
 */

const FEED_SCOPE = "medical:read";

/** The holder a caller's token belongs to: the person behind a console session, else the key. */
export function holderOf(caller: Caller): CalendarTokenHolder {
  return caller.personId ? { type: "person", id: caller.personId } : { type: "key", id: caller.keyId };
}

/** Issues the caller a token, replacing theirs: the feed's address with it, shown this once. */
export async function issueCalendarFeed(caller: Caller, now = new Date()): Promise<CalendarFeed> {
  const token = newCalendarToken();
  const issuedAt = now.toISOString();
  const calendarTokens = await getResourceStore(calendarStorage);
  await calendarTokens.issue({ holder: holderOf(caller), digest: calendarTokenDigest(token), issuedAt });
  return { url: calendarFeedUrl(siteOrigin().origin, token), issuedAt };
}

/** Revokes the caller's token; false when they had none. */
export async function revokeCalendarFeed(caller: Caller): Promise<boolean> {
  const calendarTokens = await getResourceStore(calendarStorage);
  return calendarTokens.revoke(holderOf(caller));
}

/**
 * The feed's iCalendar text for `token`, or undefined: unknown, revoked, or its holder no
 * longer holds medical:read (then it is revoked for good, so a later promotion does not
 * bring it back).
 */
export async function calendarFeedFor(token: string, now = new Date()): Promise<string | undefined> {
  if (!CALENDAR_TOKEN.test(token)) return undefined;
  const calendarTokens = await getResourceStore(calendarStorage);
  const record = await calendarTokens.findByDigest(calendarTokenDigest(token));
  if (!record) return undefined;
  if (!(await holdsScope(record.holder, FEED_SCOPE, now.getTime()))) {
    await calendarTokens.revoke(record.holder);
    return undefined;
  }
  const { overdue, thisWeek } = await readDueList(now);
  const host = new URL(siteOrigin().origin).hostname;
  return dueCalendar([...overdue, ...thisWeek], { now, host, name: "Pet Store: due treatments" });
}
