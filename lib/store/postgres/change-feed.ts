import "server-only";
import pg from "pg";
import { EVERYTHING, type ChangeFeed } from "@/lib/store/changes";
import { globalSlot } from "@/lib/ops/global-slot";
import { PURPOSES } from "./pools";

/** The channel migrations/1795564800021_notify-changes.sql notifies on, with "<schema>.<table>". */
export const CHANGES_CHANNEL = "petstore_changes";

/** How long a lost LISTEN connection waits before trying again. */
const RECONNECT_MS = 1_000;
/** How often the LISTEN connection is asked a trivial question, to prove it still hears. */
const HEARTBEAT_MS = 250;
/**
 * How old the last answered heartbeat may be for the feed to count as live. The server
 * sends notifications and answers on the connection in commit order, so an answer to a
 * question asked at t means every change committed before t has been heard: a cache that
 * trusts the feed only this long after such an answer is never more than this stale, even
 * when the connection dies without a word (a partition, a stalled proxy).
 */
export const CHANGES_TRUSTED_FOR_MS = 1_000;

/**
 * One LISTEN connection of its own (not from a pool: a pooled client goes back and its
 * LISTEN with it), live while a heartbeat asked within CHANGES_TRUSTED_FOR_MS has been
 * answered. Lost, it says EVERYTHING, reconnects every second, and says EVERYTHING again
 * once listening, so a cache never keeps a read across the gap.
 * Why: docs/decisions/123.
 */
export function openChangeFeed(options: { connectionString: string; schema?: string }): ChangeFeed {
  const schema = options.schema ?? "public";
  const subscribers = new Set<(table: string, origin?: number) => void>();
  let client: pg.Client | undefined;
  let connected = false;
  // When the latest answered heartbeat (or the LISTEN itself) was asked.
  let heardAt = -Infinity;
  let asking = false;
  const live = () => connected && performance.now() - heardAt <= CHANGES_TRUSTED_FOR_MS;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const tell = (table: string, origin?: number) => {
    for (const subscriber of subscribers) subscriber(table, origin);
  };

  const lost = (lostClient: pg.Client) => {
    if (client !== lostClient) return; // an earlier connection's late event
    client = undefined;
    clearInterval(heartbeat);
    lostClient.end().catch(() => {});
    if (connected) {
      connected = false;
      tell(EVERYTHING);
    }
    if (!closed) {
      retry = setTimeout(connect, RECONNECT_MS);
      retry.unref();
    }
  };

  async function connect() {
    if (closed) return;
    const next = new pg.Client({
      connectionString: options.connectionString,
      connectionTimeoutMillis: 3_000,
      query_timeout: 3_000,
      keepAlive: true,
      application_name: PURPOSES.listen,
    });
    client = next;
    next.on("error", () => lost(next));
    next.on("end", () => lost(next));
    next.on("notification", (message) => {
      if (message.channel !== CHANGES_CHANNEL || !message.payload) return;
      const dot = message.payload.indexOf(".");
      if (message.payload.slice(0, dot) === schema) tell(message.payload.slice(dot + 1), message.processId);
    });
    let askedAt: number;
    try {
      await next.connect();
      askedAt = performance.now();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch {
      lost(next);
      return;
    }
    if (closed || client !== next) return void next.end().catch(() => {});
    heardAt = askedAt;
    asking = false;
    connected = true;
    tell(EVERYTHING); // whatever changed while nobody listened
    heartbeat = setInterval(() => {
      if (asking) return; // a stalled one times out (query_timeout) and loses the connection
      asking = true;
      const asked = performance.now();
      next.query("SELECT 1").then(
        () => {
          asking = false;
          heardAt = asked;
        },
        () => lost(next),
      );
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  void connect();
  return {
    get live() {
      return live();
    },
    subscribe(onChange) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearInterval(heartbeat);
      connected = false;
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}

interface SharedFeed {
  feed: ChangeFeed;
  users: number;
}

// Process-wide, across Next's bundles and the front server's (lib/ops/global-slot.ts).
const sharedFeeds = globalSlot("sharedChangeFeeds", () => new Map<string, SharedFeed>());

/**
 * The process's one change feed for this database and schema, shared by every cache (the
 * store's listings, the photos', the issued keys'): one LISTEN connection instead of one
 * each, and every listening backend costs the database CPU on every notifying commit
 * (docs/decisions/183). Closing a handle drops its subscriptions; the last one closes the feed.
 */
export function openSharedChangeFeed(options: { connectionString: string; schema?: string }): ChangeFeed {
  const key = `${options.schema ?? "public"}\n${options.connectionString}`;
  let shared = sharedFeeds.get(key);
  if (!shared) sharedFeeds.set(key, (shared = { feed: openChangeFeed(options), users: 0 }));
  const entry = shared;
  entry.users++;
  const unsubscribes = new Set<() => void>();
  let closed = false;
  return {
    get live() {
      return entry.feed.live;
    },
    subscribe(onChange) {
      const unsubscribe = entry.feed.subscribe(onChange);
      unsubscribes.add(unsubscribe);
      return () => {
        unsubscribes.delete(unsubscribe);
        unsubscribe();
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      for (const unsubscribe of unsubscribes) unsubscribe();
      if (--entry.users > 0) return;
      if (sharedFeeds.get(key) === entry) sharedFeeds.delete(key);
      await entry.feed.close();
    },
  };
}
