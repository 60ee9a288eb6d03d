import type { Event } from "@/lib/events/event-types";
import type { DeliveryAttempt, DeliveryStatus, EndpointHealth, WebhookEndpoint } from "./schemas";

/** An endpoint as stored: its secrets too (docs/decisions/167), which no answer carries after creation. */
export interface EndpointRecord {
  id: string;
  url: string;
  /** Event type names, or `*` for all. */
  eventTypes: WebhookEndpoint["eventTypes"];
  enabled: boolean;
  description: string;
  health: EndpointHealth;
  healthReason?: string;
  secret: string;
  previousSecret?: string;
  previousSecretExpiresAt?: string;
  secretRotatedAt?: string;
  /** The last event-log sequence fanned out to this endpoint. */
  cursor: number;
  createdAt: string;
  updatedAt: string;
}

/** The fields an update may set. */
export type EndpointChange = Partial<
  Pick<
    EndpointRecord,
    | "url"
    | "eventTypes"
    | "enabled"
    | "description"
    | "health"
    | "healthReason"
    | "secret"
    | "previousSecret"
    | "previousSecretExpiresAt"
    | "secretRotatedAt"
    | "cursor"
  >
>;

/**
 * The event an operator's change to an endpoint records, made from the endpoint as the change
 * leaves it (as it stood, for a delete). The store writes it with the change
 * (docs/decisions/169).
 */
export type EndpointAudit = (record: EndpointRecord) => Event;

/** One message to one endpoint, with its attempts. */
export interface DeliveryRecord {
  id: string;
  endpointId: string;
  /** Sent as `webhook-id` on every attempt, so a receiver can drop a duplicate. */
  webhookId: string;
  eventId: string;
  eventType: string;
  /** The body, exactly as signed and sent. */
  payload: string;
  status: DeliveryStatus;
  createdAt: string;
  nextAttemptAt?: string;
  /** Attempts allowed in all; a redelivery on request allows one more. */
  maxAttempts: number;
  attempts: DeliveryAttempt[];
}

/** A delivery claimed for sending, with what signing and sending it need. */
export interface ClaimedDelivery {
  delivery: DeliveryRecord;
  url: string;
  secrets: string[];
}

/** What became of one claimed delivery's attempt. */
export interface AttemptResult {
  deliveryId: string;
  endpointId: string;
  attempt: DeliveryAttempt;
  status: DeliveryStatus;
  nextAttemptAt?: string;
  /** A change to the endpoint's health this attempt caused (410: disabled; retries spent: failing; a 2xx: healthy). */
  endpointHealth?: { health: EndpointHealth; reason?: string; disable?: boolean };
}

/**
 * The port webhook endpoints and their deliveries live behind. Adapters: an append-only
 * file in the file store's data directory (./file-webhook-store.ts) and tables beside the
 * pets (./postgres-webhook-store.ts); both pass ./webhook-store.contract.ts. Every change is
 * durable when its promise resolves.
 */
export interface WebhookStore {
  createEndpoint(record: EndpointRecord, audit?: EndpointAudit): Promise<void>;
  /** Every endpoint, oldest first. */
  listEndpoints(): Promise<EndpointRecord[]>;
  getEndpoint(id: string): Promise<EndpointRecord | undefined>;
  updateEndpoint(
    id: string,
    change: EndpointChange,
    at: string,
    audit?: EndpointAudit,
  ): Promise<EndpointRecord | undefined>;
  /** Removes the endpoint and its deliveries; false when there was none. */
  deleteEndpoint(id: string, audit?: EndpointAudit): Promise<boolean>;
  /**
   * Fan-out in one durable step: records `deliveries` and moves the endpoint's cursor from
   * `from` to `to`. False, recording nothing, when the cursor is no longer at `from` (another
   * instance got there first) or the endpoint is gone: so each event becomes one delivery per endpoint.
   */
  advanceCursor(endpointId: string, from: number, to: number, deliveries: DeliveryRecord[]): Promise<boolean>;
  /** Adds one delivery due now (a test ping). */
  addDelivery(delivery: DeliveryRecord): Promise<void>;
  /**
   * Claims up to `limit` deliveries due at `now` for `leaseMs`: no other claim (in this
   * process or, on PostgreSQL, any instance) takes them until the lease ends or a result is
   * recorded. After a crash the lease runs out and the delivery is sent again, same webhook-id.
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<ClaimedDelivery[]>;
  /** Records attempts' outcomes (and the endpoints' health they change), ending their claims. */
  recordAttempts(results: AttemptResult[]): Promise<void>;
  /** The endpoint's deliveries, newest first. */
  listDeliveries(endpointId: string, limit: number): Promise<DeliveryRecord[]>;
  /** Makes a delivery due now for one more attempt; undefined when the endpoint has no such delivery. */
  redeliver(endpointId: string, deliveryId: string, now: string): Promise<DeliveryRecord | undefined>;
  close(): Promise<void>;
}
