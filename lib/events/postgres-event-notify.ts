import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import type { StoreLogger } from "@/lib/store/file/logger";
import { onEventsAppended } from "@/lib/events/appended";
import { EVENTS_CHANNEL } from "./postgres-event-queries";
import { PURPOSES } from "@/lib/store/postgres/pools";

/*
 * Cross-instance news of appended events: every transaction that appends events NOTIFYs
 * EVENTS_CHANNEL with its highest sequence at COMMIT (./postgres-event-queries.ts); each instance
 * LISTENs on a connection of its own and hands the sequence to `announce`. A notification
 * lost while the connection is down costs only latency: on reconnecting, one announcement of
 * 0 tells listeners to read what they missed. Kept apart from other LISTEN users (issue 21's
 * cache invalidation) so each owns its channel and connection.
 */

export interface EventListener {
  close(): Promise<void>;
}

export function listenForEvents(
  connectionString: string,
  announce: (latestSequence: number) => void,
  logger: StoreLogger,
): EventListener {
  let closed = false;
  let client: pg.Client | undefined;
  let announced = 0;
  const stopWatching = onEventsAppended((sequence) => {
    if (sequence > announced) announced = sequence;
  });
  const run = async () => {
    for (let attempt = 0; !closed; attempt++) {
      const connection = new pg.Client({ connectionString, application_name: PURPOSES.listen });
      const ended = new Promise<void>((resolve) => {
        connection.on("error", () => resolve());
        connection.on("end", () => resolve());
      });
      try {
        await connection.connect();
        client = connection;
        connection.on("notification", (message) => {
          if (message.channel !== EVENTS_CHANNEL) return;
          const sequence = Number(message.payload) || 0;
          // The echo of an append already announced here (this process's own, at its commit)
          // would only wake the listeners again: sequences commit in order, so every event
          // up to `announced` is visible already.
          if (sequence > 0 && sequence <= announced) return;
          announce(sequence);
        });
        await connection.query(`LISTEN ${EVENTS_CHANNEL}`);
        if (attempt > 0) announce(0);
        attempt = 0;
        await ended;
      } catch (error) {
        if (!closed && attempt === 0) logger.warn(`Pet Store: listening for events failed: ${String(error)}`);
      }
      client = undefined;
      await connection.end().catch(() => undefined);
      if (!closed) await sleep(Math.min(30_000, 500 * 2 ** Math.min(attempt, 6)));
    }
  };
  void run();
  return {
    async close() {
      closed = true;
      stopWatching();
      await client?.end().catch(() => undefined);
    },
  };
}
