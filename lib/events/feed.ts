import "server-only";
import type { Scope } from "@/lib/keys/scopes";
import { getPetStore } from "@/lib/store";
import { decodeEventCursor, encodeEventCursor } from "./event-cursor";
import { CursorExpiredError } from "./event-log";
import { EVENT_TYPES, EVENT_TYPE_NAMES, type Event, type EventType } from "./event-types";
import type { EventListParams } from "./list-params";

/** A page of the feed: its events, oldest first, and the cursor to resume after them. */
export interface FeedPage {
  events: Event[];
  next: string;
}

/** The types whose objects a key may read (events:read, plus the resource's own read scope). */
export function readableTypes(scopes: readonly Scope[]): EventType[] {
  return EVENT_TYPE_NAMES.filter((type) => {
    const needs: Scope | undefined = EVENT_TYPES[type].readScope;
    return needs === undefined || scopes.includes(needs);
  });
}

/** A key asked for a type its scopes do not let it read. */
export class UnreadableEventTypeError extends Error {
  readonly scope: Scope | undefined;
  constructor(readonly type: EventType) {
    super(`reading ${type} events needs the ${EVENT_TYPES[type].readScope} scope`);
    this.scope = EVENT_TYPES[type].readScope;
    this.name = "UnreadableEventTypeError";
  }
}

/**
 * The feed after `after` (docs/decisions/160, 162): events by ascending sequence, the types
 * asked for that the key may read. The next cursor is always given: after a full page, the
 * last event; after a short one, everything the read looked at, so a filter that skips most
 * events does not scan them again. A reader polls that cursor for what comes next.
 */
export async function readFeed(scopes: readonly Scope[], { limit, type, after }: EventListParams): Promise<FeedPage> {
  const readable = readableTypes(scopes);
  const unreadable = type?.find((name) => !readable.includes(name));
  if (unreadable) throw new UnreadableEventTypeError(unreadable);
  const types = type ?? (readable.length === EVENT_TYPE_NAMES.length ? undefined : readable);
  const store = await getPetStore();
  // Read first: every event up to it is durable and no lower one can come later.
  const through = await store.latestSequence();
  let afterSequence = after === undefined ? 0 : decodeEventCursor(after);
  const read = () => store.readEvents({ afterSequence, limit, types, throughSequence: through });
  let logged;
  try {
    logged = await read();
  } catch (error) {
    // No cursor: start from the oldest event kept, wherever retention has got to.
    if (!(error instanceof CursorExpiredError) || after !== undefined) throw error;
    afterSequence = error.prunedThrough;
    logged = await read();
  }
  const last = logged.length === limit ? (logged.at(-1)?.sequence as number) : Math.max(through, afterSequence);
  return { events: logged.map((entry) => entry.event), next: encodeEventCursor(last) };
}
