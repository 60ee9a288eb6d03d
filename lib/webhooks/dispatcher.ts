import "server-only";
import { performance } from "node:perf_hooks";
import type { LoggedEvent, ReadEventsQuery } from "@/lib/events/event-log";
import { CursorExpiredError } from "@/lib/events/event-log";
import type { EventType } from "@/lib/events/event-types";
import { attemptResult } from "./attempt-outcome";
import { newDeliveryId } from "./ids";
import { LoopGate, type LoopTimes } from "./loop-gate";
import { Pacer, type Pace } from "./pacer";
import type { Sender } from "./send-message";
import type { AttemptResult, ClaimedDelivery, DeliveryRecord, EndpointRecord, WebhookStore } from "./webhook-store";

/** Where the dispatcher reads events: the store's event log (lib/events). */
export interface EventSource {
  readEvents(query: ReadEventsQuery): Promise<LoggedEvent[]>;
  latestSequence(): Promise<number>;
  onEventsAppended(listener: (latestSequence: number) => void): () => void;
}

export interface DispatcherOptions {
  store: WebhookStore;
  events: EventSource;
  sender: Sender;
  schedule: readonly number[];
  /** Deliveries sent at once. */
  concurrency: number;
  /** A receiver's time to answer; a claim outlasts it. */
  timeoutMs: number;
  /** How often due retries and other instances' work are looked for when nothing woke us. */
  pollMs?: number;
  /**
   * Deliveries started per second at most, claimed `batch` at a time: a backlog drains at this
   * pace, in steps short enough for the API's requests not to wait behind (docs/decisions/198).
   */
  pace: Pace;
  /** Milliseconds on a clock that does not go back (tests pass their own). */
  now?: () => number;
  /** The server thread's loop times (tests pass their own). */
  loopTimes?: () => LoopTimes;
  onError?: (error: unknown, where: string) => void;
}

/** Events read per fan-out step. */
const FAN_OUT_BATCH = 500;

/**
 * While sends are under way, a claim waits until room for this share of `concurrency` is
 * free: one claim (one round trip on PostgreSQL) then takes many deliveries, not the one a
 * send just freed.
 */
const CLAIM_WHEN_FREE = 0.25;

/**
 * At-least-once delivery from the durable event log (docs/decisions/168). Two loops:
 * - fan-out: for each enabled endpoint, the events after its durable cursor become delivery
 *   records, and the cursor moves, in one durable step (WebhookStore.advanceCursor); an
 *   instance that finds the cursor moved leaves that work to the one that moved it;
 * - sending: due deliveries are claimed (leased) in batches, ahead of free slots and no faster
 *   than the pace (docs/decisions/198), handed to the sender (which signs and POSTs them, in a
 *   thread of its own: docs/decisions/171), and every attempt recorded, in batches too.
 * A crash between a send and its record leaves the claim to run out: the delivery goes again
 * with the same webhook-id. Woken by the log's "events appended" news (while any endpoint is
 * enabled), and by a poll for retries that fall due, work other instances left and endpoints
 * enabled since the last look.
 */
export class Dispatcher {
  private stopped = false;
  private inFlight = 0;
  private readonly results: AttemptResult[] = [];
  private fanOutRunning: Promise<void> | undefined;
  private fanOutAgain = false;
  private claimRunning: Promise<void> | undefined;
  private claimAgain = false;
  private claimScheduled = false;
  /** The claim the pacer put off until a batch may start. */
  private claimTimer: NodeJS.Timeout | undefined;
  private readonly pacer: Pacer;
  private readonly gate: LoopGate;
  private readonly now: () => number;
  private flushRunning: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;
  private readonly stopListening: () => void;
  private readonly sending = new Set<Promise<void>>();
  /**
   * Deliveries claimed ahead of a free slot (up to `concurrency` of them), so that a slot a
   * send frees never waits for a claim's round trip. On a stop they are left leased: their
   * leases run out and they go then, from this instance or another.
   */
  private readonly ready: ClaimedDelivery[] = [];
  /** Whether the last fan-out found an enabled endpoint (true until one has looked). */
  private endpointsEnabled = true;

  constructor(private readonly options: DispatcherOptions) {
    this.now = options.now ?? (() => performance.now());
    this.pacer = new Pacer(options.pace.perSecond, options.pace.batch, this.now());
    this.gate = new LoopGate(
      { read: options.loopTimes ?? (() => performance.eventLoopUtilization()), ...options.pace },
      this.now(),
    );
    // With no endpoint enabled at the last look, an append waits for the poll instead of
    // listing endpoints once per commit: a new endpoint's first events go within pollMs.
    this.stopListening = options.events.onEventsAppended(() => {
      if (this.endpointsEnabled) this.fanOut();
    });
    this.timer = setInterval(() => {
      this.fanOut();
      this.claim();
    }, options.pollMs ?? 500);
    this.timer.unref();
    this.fanOut();
    this.claim();
  }

  /** Runs a fan-out now, or once more after the one under way. */
  fanOut(): void {
    if (this.stopped) return;
    if (this.fanOutRunning) {
      this.fanOutAgain = true;
      return;
    }
    this.fanOutRunning = this.fanOutAll()
      .catch((error: unknown) => this.options.onError?.(error, "fan-out"))
      .finally(() => {
        this.fanOutRunning = undefined;
        if (this.fanOutAgain) {
          this.fanOutAgain = false;
          this.fanOut();
        }
      });
  }

  /** Claims and sends due deliveries while there are free slots. */
  claim(): void {
    if (this.stopped) return;
    if (this.claimRunning) {
      this.claimAgain = true;
      return;
    }
    this.claimRunning = this.claimFree()
      .catch((error: unknown) => this.options.onError?.(error, "claim"))
      .finally(() => {
        this.claimRunning = undefined;
        if (this.claimAgain) {
          this.claimAgain = false;
          this.claim();
        }
      });
  }

  private async fanOutAll(): Promise<void> {
    const { store, events } = this.options;
    // Endpoints first: with none enabled (most deployments), an append costs no read of the log.
    const endpoints = (await store.listEndpoints()).filter((endpoint) => endpoint.enabled);
    this.endpointsEnabled = endpoints.length > 0;
    if (endpoints.length === 0) return;
    const latest = await events.latestSequence();
    let made = false;
    for (const endpoint of endpoints) {
      if (endpoint.cursor >= latest) continue;
      made = (await this.fanOutTo(endpoint, latest)) || made;
    }
    if (made) this.claim();
  }

  /** Moves one endpoint's cursor up to `latest`; true when deliveries were made. */
  private async fanOutTo(endpoint: EndpointRecord, latest: number): Promise<boolean> {
    const types = endpoint.eventTypes.includes("*") ? undefined : (endpoint.eventTypes as EventType[]);
    let cursor = endpoint.cursor;
    let made = false;
    while (cursor < latest && !this.stopped) {
      let logged: LoggedEvent[];
      try {
        logged = await this.options.events.readEvents({
          afterSequence: cursor,
          limit: FAN_OUT_BATCH,
          throughSequence: latest,
          ...(types ? { types } : {}),
        });
      } catch (error) {
        // The endpoint fell behind retention: what was pruned cannot be sent; carry on from now.
        if (!(error instanceof CursorExpiredError)) throw error;
        this.options.onError?.(error, `fan-out to ${endpoint.id}`);
        logged = [];
      }
      const to = logged.length < FAN_OUT_BATCH ? latest : logged.at(-1)!.sequence;
      const now = new Date().toISOString();
      const deliveries = logged.map(({ event }) => deliveryOf(endpoint.id, event, now, this.options.schedule));
      if (!(await this.options.store.advanceCursor(endpoint.id, cursor, to, deliveries))) return made;
      made ||= deliveries.length > 0;
      cursor = to;
    }
    return made;
  }

  /** Claims once pending I/O has had its turn; many calls in one turn make one claim. */
  private claimSoon(): void {
    if (this.claimScheduled) return;
    this.claimScheduled = true;
    setImmediate(() => {
      this.claimScheduled = false;
      this.claim();
    });
  }

  private async claimFree(): Promise<void> {
    const { store, concurrency, timeoutMs } = this.options;
    const enough = Math.max(1, Math.floor(concurrency * CLAIM_WHEN_FREE));
    while (!this.stopped) {
      const room = concurrency * 2 - this.inFlight - this.ready.length;
      if (room <= 0 || (this.inFlight > 0 && room < enough)) return;
      // A step takes a whole batch (fewer claims, each a round trip on PostgreSQL), and waits
      // while the server's thread is busy with other work.
      const now = this.now();
      const allowed = Math.min(room, this.pacer.available(now));
      if (allowed < Math.min(room, this.options.pace.batch)) return this.claimLater(this.pacer.msUntilBatch(now));
      if (!this.gate.pass(now)) return this.claimLater(this.options.pace.windowMs);
      // The lease outlasts a wait in `ready` (at most one answer's time), the answer's time,
      // and the wait to record it.
      this.pacer.spend(allowed, now);
      const claimed = await store.claimDue(new Date(), allowed, 2 * timeoutMs + 30_000);
      this.pacer.refund(allowed - claimed.length);
      this.ready.push(...claimed);
      this.sendReady();
      if (claimed.length < allowed) return;
    }
  }

  /** Claims again in `ms` (one timer at a time). */
  private claimLater(ms: number): void {
    if (this.claimTimer || this.stopped) return;
    this.claimTimer = setTimeout(() => {
      this.claimTimer = undefined;
      this.claim();
    }, ms);
    this.claimTimer.unref();
  }

  /** Fills the free slots from the deliveries claimed ahead. */
  private sendReady(): void {
    while (!this.stopped && this.inFlight < this.options.concurrency) {
      const next = this.ready.shift();
      if (!next) return;
      this.send(next);
    }
  }

  private send(claimed: ClaimedDelivery): void {
    this.inFlight += 1;
    const { delivery, url, secrets } = claimed;
    const sent = this.options.sender
      .send({ url, secrets, webhookId: delivery.webhookId, body: delivery.payload })
      .then((outcome) => {
        this.results.push(attemptResult(delivery, outcome, new Date(), this.options.schedule));
      })
      .finally(() => {
        this.inFlight -= 1;
        this.sending.delete(sent);
        this.flush();
        // The slot is free now: a delivery claimed ahead takes it at once. Its claim stays
        // leased until the result is recorded, so claiming more need not wait for the
        // record's fsync. It waits for the event loop's next turn, though: the API's requests
        // that arrived meanwhile go first.
        this.sendReady();
        this.claimSoon();
      });
    this.sending.add(sent);
  }

  /** Records finished attempts in batches (one durable step each), then claims more. */
  private flush(): void {
    if (this.flushRunning) return;
    this.flushRunning = (async () => {
      while (this.results.length > 0) {
        const batch = this.results.splice(0, this.results.length);
        try {
          await this.options.store.recordAttempts(batch);
        } catch (error) {
          // Not recorded: the claims run out and the deliveries go again (at least once).
          this.options.onError?.(error, "record attempts");
        }
      }
    })().finally(() => {
      this.flushRunning = undefined;
      // Results that arrived as the loop ended are not left waiting for the next send.
      if (this.results.length > 0) this.flush();
      else this.claim();
    });
  }

  /** Stops claiming, waits (bounded) for sends under way and records them. */
  async stop(waitMs = 5_000): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.claimTimer);
    this.stopListening();
    await Promise.race([
      Promise.allSettled([this.fanOutRunning, this.claimRunning, ...this.sending]),
      new Promise((resolve) => setTimeout(resolve, waitMs).unref()),
    ]);
    await this.flushRunning;
    if (this.results.length > 0) await this.options.store.recordAttempts(this.results.splice(0));
  }
}

/** An event's delivery to one endpoint: its body is the event as the feed shows it; webhook-id is the event's id. */
export function deliveryOf(
  endpointId: string,
  event: LoggedEvent["event"],
  now: string,
  schedule: readonly number[],
): DeliveryRecord {
  return {
    id: newDeliveryId(),
    endpointId,
    webhookId: event.id,
    eventId: event.id,
    eventType: event.type,
    payload: JSON.stringify(event),
    status: "pending",
    createdAt: now,
    nextAttemptAt: now,
    maxAttempts: schedule.length + 1,
    attempts: [],
  };
}
