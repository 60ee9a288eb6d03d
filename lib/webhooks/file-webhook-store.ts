import "server-only";
import path from "node:path";
import type { Event } from "@/lib/events/event-types";
import { AppendFile } from "./append-file";
import type { ClaimedDelivery, DeliveryRecord, EndpointRecord, WebhookStore } from "./webhook-store";
import { signingSecrets } from "./signing-secrets";

/** The file store's endpoints and deliveries, beside its journal (mode 0600: it holds signing secrets). */
export const WEBHOOKS_FILE = "webhooks.jsonl";

/** Finished deliveries kept per endpoint for its deliveries page; older ones go at the next compaction. */
export const KEPT_FINISHED_DELIVERIES = 1000;

/** The file is compacted once it holds this many lines more than the state it describes. */
const COMPACT_AFTER_LINES = 20_000;

/**
 * One line of the file: a change, replayed in order at open. An operator's change carries its
 * event on its own line (docs/decisions/169); a compacted file keeps those events on lines
 * of their own while retention keeps them.
 */
type Line =
  | { endpoint: EndpointRecord; event?: Event }
  | { deleted: string; event?: Event }
  | { event: Event }
  | { cursor: [endpointId: string, sequence: number] }
  | { delivery: DeliveryRecord }
  | { attempt: Pick<DeliveryRecord, "id" | "status" | "nextAttemptAt"> & { at: DeliveryRecord["attempts"][number] } }
  | { redeliver: Pick<DeliveryRecord, "id" | "maxAttempts" | "nextAttemptAt"> };

/** Where an operator's changes record their events: the pet store's log, which skips an id it holds. */
export interface AuditLog {
  append(events: Event[]): Promise<unknown>;
  retentionDays: number;
}

/**
 * Webhooks on the file store: the state lives in memory and every change is one JSON line
 * appended and fdatasync'd (group commit, ./append-file.ts) before its promise resolves;
 * opening replays the lines. The file store holds the data directory's lock, so one process
 * owns the file and claims are in-process leases (not written: after a crash every
 * unfinished delivery is due again, at least once).
 *
 * An operator's change and its event cannot share one durable step with the journal (two
 * files), so the change's line carries its event, and the event goes to the log once that
 * line is on disk; at open every carried event within retention is offered again, and the
 * log records each id once (docs/decisions/169, as key events do: decision 163).
 */
export async function openFileWebhookStore(dataDir: string, auditLog?: AuditLog): Promise<WebhookStore> {
  const { appendFile, lines } = await AppendFile.open(path.join(dataDir, WEBHOOKS_FILE));
  const state = new WebhookState();
  for (const line of lines) state.apply(JSON.parse(line) as Line);
  const retentionMs = (auditLog?.retentionDays ?? 30) * 86_400_000;
  const keptSince = () => new Date(Date.now() - retentionMs).toISOString();
  const carried = state.auditedSince(keptSince());
  if (auditLog && carried.length > 0) await auditLog.append(carried);

  const write = async (...changes: Line[]) => {
    for (const change of changes) state.apply(change);
    await appendFile.append(changes.map((change) => JSON.stringify(change)));
    if (appendFile.linesWritten > COMPACT_AFTER_LINES + state.lineCount()) {
      state.forgetOldDeliveries();
      await appendFile.replace(() => state.snapshot(keptSince()));
    }
  };
  /** An operator's change: its line, with its event, then the event in the log. */
  const writeAudited = async (change: Line, event: Event | undefined) => {
    await write(event ? { ...change, event } : change);
    if (event) await auditLog?.append([event]);
  };
  const leases = new Map<string, number>();

  return {
    createEndpoint: (record, audit) => writeAudited({ endpoint: { ...record } }, audit?.(record)),
    listEndpoints: async () => [...state.endpoints.values()].map((record) => ({ ...record })),
    getEndpoint: async (id) => {
      const record = state.endpoints.get(id);
      return record && { ...record };
    },
    async updateEndpoint(id, change, at, audit) {
      const record = state.endpoints.get(id);
      if (!record) return undefined;
      const updated: EndpointRecord = { ...record, ...change, updatedAt: at };
      for (const key of Object.keys(change) as (keyof EndpointRecord)[]) {
        if (change[key as keyof typeof change] === undefined) delete updated[key];
      }
      await writeAudited({ endpoint: updated }, audit?.(updated));
      return { ...updated };
    },
    async deleteEndpoint(id, audit) {
      const record = state.endpoints.get(id);
      if (!record) return false;
      await writeAudited({ deleted: id }, audit?.(record));
      return true;
    },
    async advanceCursor(endpointId, from, to, deliveries) {
      const record = state.endpoints.get(endpointId);
      if (!record || record.cursor !== from) return false;
      await write(...deliveries.map((delivery) => ({ delivery })), { cursor: [endpointId, to] });
      return true;
    },
    addDelivery: (delivery) => write({ delivery }),
    async claimDue(now, limit, leaseMs) {
      const claimed: ClaimedDelivery[] = [];
      const time = now.getTime();
      for (const delivery of state.pending.values()) {
        if (claimed.length >= limit) break;
        if (Date.parse(delivery.nextAttemptAt!) > time || (leases.get(delivery.id) ?? 0) > time) continue;
        const endpoint = state.endpoints.get(delivery.endpointId);
        if (!endpoint?.enabled) continue;
        leases.set(delivery.id, time + leaseMs);
        claimed.push({ delivery: { ...delivery }, url: endpoint.url, secrets: signingSecrets(endpoint, now) });
      }
      return claimed;
    },
    async recordAttempts(results) {
      const changes: Line[] = [];
      for (const result of results) {
        leases.delete(result.deliveryId);
        if (!state.deliveries.has(result.deliveryId)) continue; // its endpoint was deleted meanwhile
        changes.push({
          attempt: {
            id: result.deliveryId,
            status: result.status,
            nextAttemptAt: result.nextAttemptAt,
            at: result.attempt,
          },
        });
        const endpoint = state.endpoints.get(result.endpointId);
        const health = result.endpointHealth;
        // Only an operator turns a disabled endpoint back on: an attempt under way when it was disabled cannot.
        const changesHealth =
          endpoint &&
          health &&
          (health.disable || (endpoint.health !== health.health && endpoint.health !== "disabled"));
        if (endpoint && health && changesHealth) {
          const updated: EndpointRecord = { ...endpoint, health: health.health, updatedAt: result.attempt.at };
          if (health.reason) updated.healthReason = health.reason;
          else delete updated.healthReason;
          if (health.disable) updated.enabled = false;
          changes.push({ endpoint: updated });
        }
      }
      if (changes.length > 0) await write(...changes);
    },
    listDeliveries: async (endpointId, limit) =>
      (state.byEndpoint.get(endpointId) ?? [])
        .slice(-limit)
        .reverse()
        .map((delivery) => ({ ...delivery, attempts: [...delivery.attempts] })),
    async redeliver(endpointId, deliveryId, now) {
      const delivery = state.deliveries.get(deliveryId);
      if (!delivery || delivery.endpointId !== endpointId) return undefined;
      await write({ redeliver: { id: deliveryId, maxAttempts: delivery.attempts.length + 1, nextAttemptAt: now } });
      return { ...delivery, attempts: [...delivery.attempts] };
    },
    close: () => appendFile.close(),
  };
}

/** What the file's lines add up to. */
class WebhookState {
  readonly endpoints = new Map<string, EndpointRecord>();
  readonly deliveries = new Map<string, DeliveryRecord>();
  /** Each endpoint's deliveries, oldest first. */
  readonly byEndpoint = new Map<string, DeliveryRecord[]>();
  /** Deliveries still to send, in the order they were made. */
  readonly pending = new Map<string, DeliveryRecord>();
  /** The events operators' changes carried, oldest first. */
  private audited: Event[] = [];

  apply(line: Line): void {
    if ("event" in line && line.event) this.audited.push(line.event);
    if ("endpoint" in line) {
      this.endpoints.set(line.endpoint.id, line.endpoint);
      if (!this.byEndpoint.has(line.endpoint.id)) this.byEndpoint.set(line.endpoint.id, []);
    } else if ("deleted" in line) {
      this.endpoints.delete(line.deleted);
      for (const delivery of this.byEndpoint.get(line.deleted) ?? []) {
        this.deliveries.delete(delivery.id);
        this.pending.delete(delivery.id);
      }
      this.byEndpoint.delete(line.deleted);
    } else if ("cursor" in line) {
      const endpoint = this.endpoints.get(line.cursor[0]);
      if (endpoint) endpoint.cursor = line.cursor[1];
    } else if ("delivery" in line) {
      const list = this.byEndpoint.get(line.delivery.endpointId);
      if (!list || this.deliveries.has(line.delivery.id)) return;
      const delivery = { ...line.delivery, attempts: [...line.delivery.attempts] };
      this.deliveries.set(delivery.id, delivery);
      list.push(delivery);
      if (delivery.status === "pending") this.pending.set(delivery.id, delivery);
    } else if ("attempt" in line) {
      const delivery = this.deliveries.get(line.attempt.id);
      if (!delivery) return;
      // Every delivery stays in memory until a compaction (for its endpoint's listing), so what
      // an attempt adds lasts: an array of just the attempts, not one grown with room to spare,
      // and no `delete`, which would turn the record into a dictionary several times its size.
      delivery.attempts = [...delivery.attempts, line.attempt.at];
      delivery.status = line.attempt.status;
      delivery.nextAttemptAt = line.attempt.nextAttemptAt || undefined;
      if (delivery.status !== "pending") this.pending.delete(delivery.id);
    } else if ("redeliver" in line) {
      const delivery = this.deliveries.get(line.redeliver.id);
      if (!delivery) return;
      delivery.status = "pending";
      delivery.maxAttempts = line.redeliver.maxAttempts;
      delivery.nextAttemptAt = line.redeliver.nextAttemptAt;
      // Re-queued at the back: it is the newest work.
      this.pending.delete(delivery.id);
      this.pending.set(delivery.id, delivery);
    }
  }

  /** Keeps every pending delivery and each endpoint's newest finished ones. */
  forgetOldDeliveries(): void {
    for (const [endpointId, list] of this.byEndpoint) {
      let finished = list.filter((delivery) => delivery.status !== "pending").length;
      const kept = list.filter((delivery) => {
        if (delivery.status === "pending" || finished <= KEPT_FINISHED_DELIVERIES) return true;
        finished -= 1;
        this.deliveries.delete(delivery.id);
        return false;
      });
      this.byEndpoint.set(endpointId, kept);
    }
  }

  /** The carried events created at or after `sinceIso`. */
  auditedSince(sinceIso: string): Event[] {
    return this.audited.filter((event) => event.createdAt >= sinceIso);
  }

  lineCount(): number {
    return this.endpoints.size * 2 + this.deliveries.size + this.audited.length;
  }

  /** The state as lines, for a compacted file; carried events older than `keptSinceIso` go. */
  snapshot(keptSinceIso: string): string {
    this.audited = this.auditedSince(keptSinceIso);
    const lines: Line[] = [];
    for (const endpoint of this.endpoints.values()) lines.push({ endpoint });
    for (const list of this.byEndpoint.values()) for (const delivery of list) lines.push({ delivery });
    for (const event of this.audited) lines.push({ event });
    return lines.map((line) => `${JSON.stringify(line)}\n`).join("");
  }
}
