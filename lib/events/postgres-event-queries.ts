import "server-only";
import type pg from "pg";
import type { LoggedEvent } from "@/lib/events/event-log";
import type { Event } from "@/lib/events/event-types";

/*
 * The event log's statements (migrations/1795564800000_create-events.sql). Writers call
 * appendEvents inside the transaction of their change, as its last statement before COMMIT.
 */

/** The advisory lock that orders event writers (docs/decisions/162): "petstore.events" as a number. */
export const EVENT_LOCK_KEY = 0x70657473_0023;

/** The channel each commit with events notifies (./postgres-event-notify.ts), with its highest sequence. */
export const EVENTS_CHANNEL = "petstore_events";

/**
 * Appends `events` in the caller's transaction and returns their sequences (-1 for an event
 * whose id the log holds already). Takes the event lock, held until the transaction ends:
 * every transaction that writes events commits in sequence order, so a reader that has seen
 * sequence n has seen every lower one that will ever exist. Call it last, right before
 * COMMIT, to hold the lock briefly. The NOTIFY goes out when the transaction commits.
 */
export async function appendEvents(client: pg.ClientBase, events: Event[]): Promise<number[]> {
  if (events.length === 0) return [];
  // The lock is taken in the statement itself (a join every appended row passes through), so
  // before any sequence is drawn, and it costs no round trip of its own (docs/decisions/181).
  const { rows } = await client.query<{ id: string; sequence: string }>({
    name: "events_append",
    text: `WITH input AS (
             SELECT id, type, created_at, body, ord
             FROM unnest($1::text[], $2::text[], $3::timestamptz[], $4::json[]) WITH ORDINALITY
               AS t(id, type, created_at, body, ord)
           ), locked AS (
             SELECT pg_advisory_xact_lock($5) AS locked
           ), inserted AS (
             INSERT INTO events (id, type, created_at, body)
             SELECT id, type, created_at, body FROM input CROSS JOIN locked ORDER BY ord
             ON CONFLICT (id) DO NOTHING
             RETURNING id, sequence
           ), notified AS (
             SELECT pg_notify('${EVENTS_CHANNEL}', max(sequence)::text) FROM inserted HAVING count(*) > 0
           )
           SELECT inserted.id, inserted.sequence FROM inserted, (SELECT count(*) FROM notified) n`,
    values: [
      events.map((event) => event.id),
      events.map((event) => event.type),
      events.map((event) => event.createdAt),
      events.map((event) => JSON.stringify(event)),
      EVENT_LOCK_KEY,
    ],
  });
  const sequences = new Map(rows.map((row) => [row.id, Number(row.sequence)]));
  return events.map((event) => sequences.get(event.id) ?? -1);
}

/**
 * For a write that is one statement (docs/decisions/230): the CTEs `locked`, `appended` and
 * `notified` that append the events given as $first … $first+4 (eventParams) once `after`, a
 * CTE of the same statement, has yielded a row, and append nothing when it has not. The event
 * lock is taken only then, so after the write's own row locks (as appendEvents, last in its
 * transaction, takes it), and before any event's sequence is drawn; it is held to the
 * statement's commit, which NOTIFYs. The statement must read `notified` for the NOTIFY to run.
 */
export function appendEventsAfter(after: string, first: number): string {
  const [ids, types, times, bodies, lock] = [0, 1, 2, 3, 4].map((offset) => `$${first + offset}`);
  return `locked AS (
             SELECT pg_advisory_xact_lock(${lock}) AS locked FROM (SELECT 1 FROM ${after} LIMIT 1) AS gate
           ), appended AS (
             INSERT INTO events (id, type, created_at, body)
             SELECT e.id, e.type, e.created_at, e.body
             FROM unnest(${ids}::text[], ${types}::text[], ${times}::timestamptz[], ${bodies}::json[])
               WITH ORDINALITY AS e(id, type, created_at, body, ord)
             CROSS JOIN locked
             ORDER BY e.ord
             ON CONFLICT (id) DO NOTHING
             RETURNING sequence
           ), notified AS (
             SELECT pg_notify('${EVENTS_CHANNEL}', max(sequence)::text) FROM appended HAVING count(*) > 0
           )`;
}

/** The five parameters appendEventsAfter reads, in its order. */
export const eventParams = (events: Event[]): unknown[] => [
  events.map((event) => event.id),
  events.map((event) => event.type),
  events.map((event) => event.createdAt),
  events.map((event) => JSON.stringify(event)),
  EVENT_LOCK_KEY,
];

interface EventRow {
  sequence: string;
  body: Event;
}

/** Events after `after` up to `through`, ascending; `types` null for all. */
export const selectEvents = (
  after: number,
  through: number,
  limit: number,
  types: readonly string[] | undefined,
): pg.QueryConfig => ({
  name: types ? "events_page_types" : "events_page",
  text: `SELECT sequence, body FROM events
         WHERE sequence > $1 AND sequence <= $2 ${types ? "AND type = ANY($4::text[])" : ""}
         ORDER BY sequence LIMIT $3`,
  values: types ? [after, through, limit, types] : [after, through, limit],
});

export const toLoggedEvent = (row: EventRow): LoggedEvent => ({ sequence: Number(row.sequence), event: row.body });

/**
 * The highest committed sequence, and how far retention pruned. Read in one statement: with
 * commit-ordered sequences, every event up to `latest` is committed and visible.
 */
export const selectLogState: pg.QueryConfig = {
  name: "events_state",
  text: `SELECT GREATEST(pruned_through, (SELECT COALESCE(max(sequence), 0) FROM events)) AS latest, pruned_through
         FROM event_log_state`,
};

/** Deletes events created before `before`, and records the highest sequence deleted. */
export const pruneEvents = (before: Date): pg.QueryConfig => ({
  name: "events_prune",
  text: `WITH gone AS (DELETE FROM events WHERE created_at < $1 RETURNING sequence),
              state AS (
                UPDATE event_log_state SET pruned_through = GREATEST(pruned_through, (SELECT max(sequence) FROM gone))
                WHERE EXISTS (SELECT 1 FROM gone)
              )
         SELECT count(*) AS count FROM gone`,
  values: [before],
});
