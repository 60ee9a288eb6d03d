import "server-only";
import type { Scope } from "@/lib/keys/scopes";
import { getPetStore } from "@/lib/composition";
import { decodeEventCursor, encodeEventCursor } from "./event-cursor";
import { CursorExpiredError } from "./event-log";
import { EVENT_TYPE_NAMES, type Event } from "./event-types";
import type { EventListParams } from "./list-params";
import { readableTypes, UnreadableEventTypeError } from "./visibility";

/** A page of the feed: its events, oldest first, and the cursor to resume after them. */
export interface FeedPage {
  events: Event[];
  next: string;
}

/**
 * The feed after `after` (docs/decisions/160, 162, 209): events by ascending sequence, the
 * types asked for that the key may read (./visibility.ts); asking for one it may not is
 * refused. The next cursor is always given: after a full page, the last event; after a short
 * one, everything the read looked at, so a filter that skips most events (or every event the
 * key may not see) does not scan them again. A reader polls that cursor for what comes next.
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
