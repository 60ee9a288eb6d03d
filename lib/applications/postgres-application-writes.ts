import "server-only";
import type pg from "pg";
import type { ApplicationRecord } from "@/lib/applications/schemas";
import {
  applicationChanged,
  applicationErased,
  applicationSubmitted,
  orderAdopterFor,
} from "@/lib/applications/application-events";
import { currentActor } from "@/lib/events/actor";
import type { Event } from "@/lib/events/event-types";
import { decodeApplicationCursor, encodeApplicationCursor } from "@/lib/paging/application-cursor";
import type {
  ApplicationChange,
  ApplicationPage,
  ApplicationStore,
  ListApplicationsQuery,
  NewApplicationRecord,
} from "@/lib/applications/application-store";
import { PetNotAvailableError } from "@/lib/pets/pet-errors";
import { AdoptionCompleteError } from "@/lib/applications/application-store";
import * as applications from "./postgres-application-queries";
import { refusingIdOverflow } from "@/lib/store/postgres/id-limits";
import { ORDER_ID_LIMIT } from "@/lib/orders/postgres-order-writes";
import { orderEvents, petRefusal, transitionStatement } from "@/lib/orders/postgres-order-changes";
import * as orders from "@/lib/orders/postgres-order-queries";
import type { Database } from "@/lib/store/postgres/pool";

type Row = applications.ApplicationRow;

/** The store's transaction that commits a change with its events (PostgresStore.withEvents). */
export type WithEvents = <Value>(
  work: (client: pg.PoolClient) => Promise<{ value: Value; events: Event[] }>,
) => Promise<{ value: Value; sequences: number[] }>;

/** Tries of a submit that raced another change (a duplicate withdrawn, a pet freed, meanwhile). */
const SUBMIT_ATTEMPTS = 3;

/**
 * The PostgreSQL adapter's applications (lib/applications/application-store.ts): each write is one
 * transaction with its events; an approval places its order, and a withdrawal or decline
 * cancels it, with the orders' own statements in that transaction (docs/decisions/193).
 */
export class PostgresApplications implements ApplicationStore {
  constructor(
    private readonly database: Database,
    private readonly withEvents: WithEvents,
  ) {}

  async submitApplication(application: NewApplicationRecord) {
    const actor = currentActor();
    for (let attempt = 1; ; attempt++) {
      // As the file store refuses it (checkedId): 409 id_space_exhausted, never the driver's error.
      const { value } = await refusingIdOverflow([applications.APPLICATION_ID_LIMIT], () =>
        this.withEvents(async (client) => {
          const inserted = await client.query<Row>(applications.insertApplication(application));
          if (inserted.rows[0]) {
            const record = applications.toApplication(inserted.rows[0]);
            const events = [applicationSubmitted(record, record.submittedAt, actor)];
            return { value: { application: record, duplicate: false }, events };
          }
          const { petId, personal } = application;
          const open = await client.query<Row>(applications.selectOpenDuplicate(petId, personal.emailDigest));
          if (open.rows[0]) {
            return { value: { application: applications.toApplication(open.rows[0]), duplicate: true }, events: [] };
          }
          const refusal = await petRefusal(client, petId);
          if (refusal) throw refusal;
          return { value: undefined, events: [] };
        }),
      );
      if (value) return value;
      if (attempt === SUBMIT_ATTEMPTS) {
        throw new Error("could not submit the application: it kept racing other changes");
      }
    }
  }

  async getApplication(id: number): Promise<ApplicationRecord | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    return this.one(applications.selectApplication(id));
  }

  findByStatusToken(digest: string): Promise<ApplicationRecord | undefined> {
    return this.one(applications.selectByStatusToken(digest));
  }

  async findByEmailDigest(digest: string): Promise<ApplicationRecord[]> {
    const { rows } = await this.database.query<Row>(applications.selectByEmailDigest(digest));
    return rows.map(applications.toApplication);
  }

  /** A cursor is checked by its encoding only, as the orders listing's (decision 082). */
  async listApplications({ limit, cursor, ...filter }: ListApplicationsQuery): Promise<ApplicationPage> {
    const beforeId = cursor === undefined ? undefined : decodeApplicationCursor(cursor, filter);
    const { rows } = await this.database.query<Row>(applications.applicationPage(limit + 1, filter, beforeId));
    const page = rows.slice(0, limit).map(applications.toApplication);
    const last = page.at(-1);
    return rows.length > limit && last
      ? { applications: page, nextCursor: encodeApplicationCursor(last.id, filter) }
      : { applications: page };
  }

  /**
   * Locks the application's row, decides, places or cancels its order, writes: one
   * transaction. Two approvals for one pet at once both reach the pet's conditional UPDATE;
   * the second waits for the first to commit, finds the pet pending, and rolls back.
   */
  async changeApplication(id: number, decide: ApplicationChange): Promise<ApplicationRecord | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const actor = currentActor();
    // An approval places an order: its id may be the one that runs out.
    const { value } = await refusingIdOverflow([ORDER_ID_LIMIT], () =>
      this.withEvents(async (client) => {
        const { rows } = await client.query<Row>(applications.selectApplication(id, true));
        if (!rows[0]) return { value: undefined, events: [] };
        const current = applications.toApplication(rows[0]);
        const change = decide(current);
        if (!change) return { value: current, events: [] };
        const at = change.record.updatedAt;
        const { record, events } = await moveOrder(client, change.record, change.order, at);
        const updated = await client.query<Row>(applications.updateApplication(record));
        const after = applications.toApplication(updated.rows[0] as Row);
        return { value: after, events: [applicationChanged(after, change.event, at, actor), ...events] };
      }),
    );
    return value;
  }

  /**
   * NULLs the personal columns in one transaction with the events, then VACUUMs the table so
   * the old row versions holding the answers go too (what stays until when: decision 193).
   */
  async erasePersonalData(ids: readonly number[], at: string): Promise<number[]> {
    const wanted = ids.filter((id) => Number.isSafeInteger(id) && id >= 1);
    if (wanted.length === 0) return [];
    const actor = currentActor();
    const { value: erased } = await this.withEvents(async (client) => {
      const { rows } = await client.query<Row>(applications.eraseApplications(wanted, at));
      const records = rows.map(applications.toApplication).sort((a, b) => a.id - b.id);
      return {
        value: records.map(({ id }) => id),
        events: records.map((record) => applicationErased(record, at, actor)),
      };
    });
    if (erased.length > 0) await this.database.query(applications.vacuumApplications).catch(() => undefined);
    return erased;
  }

  async decidedBefore(cutoff: string, limit: number): Promise<number[]> {
    const { rows } = await this.database.query<{ id: string }>(applications.selectDecidedBefore(cutoff, limit));
    return rows.map((row) => Number(row.id));
  }

  private async one(statement: pg.QueryConfig): Promise<ApplicationRecord | undefined> {
    const { rows } = await this.database.query<Row>(statement);
    return rows[0] && applications.toApplication(rows[0]);
  }
}

/**
 * The order side of a change, with the orders' own statements and events: "place" holds the
 * pet (PetNotAvailableError when it is not available: the transaction rolls back), "cancel"
 * frees it when the order is still open.
 */
async function moveOrder(
  client: pg.PoolClient,
  record: ApplicationRecord,
  order: "place" | "cancel" | undefined,
  at: string,
): Promise<{ record: ApplicationRecord; events: Event[] }> {
  if (order === "place") {
    const { rows } = await client.query<orders.OrderRow>(
      orders.placeOrder(record.petId, orderAdopterFor(record), null),
    );
    if (!rows[0]) throw (await petRefusal(client, record.petId)) ?? new PetNotAvailableError("available");
    const placed = orders.toOrder(rows[0]);
    return { record: { ...record, orderId: placed.id }, events: orderEvents(true)(rows[0], placed, at) };
  }
  if (order === "cancel" && record.orderId !== undefined) {
    const { rows } = await client.query<orders.OrderRow>(transitionStatement(record.orderId, "cancelled"));
    if (rows[0]) return { record, events: orderEvents(true)(rows[0], orders.toOrder(rows[0]), at) };
    const { rows: current } = await client.query<orders.OrderRow>(orders.selectOrder(record.orderId));
    // Only an approved application holds an order; `record` is already the one moved away from it.
    if (current[0]?.status === "delivered") throw new AdoptionCompleteError("approved");
  }
  return { record, events: [] };
}
