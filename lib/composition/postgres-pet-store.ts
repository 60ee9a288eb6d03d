import "server-only";
import type { Category, NewCategory } from "@/lib/categories/schemas";
import { type NewOrder, type Order, type OrderChange, type OrderStatus } from "@/lib/orders/schemas";
import { DEFAULT_PET_STATUS, PET_STATUSES, PetPatch, type NewPet, type Pet, type PetStatus } from "@/lib/pets/schemas";
import { decodeOrderCursor, encodeOrderCursor } from "@/lib/paging/order-cursor";
import { CategoryExistsError } from "@/lib/categories/category-store";
import {
  ClaimLostError,
  type Claim,
  type ClaimOptions,
  type IdempotencyRecord,
} from "@/lib/idempotency/idempotency-store";
import { OrderNotFoundError, type ListOrdersQuery, type OrderPage } from "@/lib/orders/order-store";
import { PetHeldByOrderError, PetNotFoundError } from "@/lib/pets/pet-errors";
import { decodeCursor, encodeCursor } from "@/lib/paging/cursor";
import { observeBatchSize } from "@/lib/ops/metrics";
import type { PetStore } from "@/lib/composition/pet-store";
import type { ListPetsQuery, PetPage } from "@/lib/pets/pet-store";
import { InvalidCursorError, PetVersionMismatchError } from "@/lib/errors/store-errors";
import { petVersion } from "@/lib/pets/pet-version";
import { InsertBatcher } from "@/lib/store/postgres/insert-batcher";
import { createPetBatch, PET_ID_LIMIT, type PetInsert } from "@/lib/pets/postgres-create-pets";
import * as categories from "@/lib/categories/postgres-category-queries";
import * as idempotency from "@/lib/idempotency/postgres-idempotency-queries";
import * as orders from "@/lib/orders/postgres-order-queries";
import { categoryPage } from "@/lib/pets/postgres-category-page";
import {
  countPetsByStatus,
  firstPage,
  pageAfter,
  selectPet,
  toPet,
  type PetRow,
} from "@/lib/pets/postgres-pet-queries";
import {
  insertStatusChange,
  selectPetForUpdate,
  selectPetHeld,
  updatePetRow,
} from "@/lib/pets/postgres-pet-patch-queries";
import { applyPetPatch, canonicalPet, canonicalProfile, listingOf } from "@/lib/pets/apply-patch";
import { filterKey } from "@/lib/pets/pet-filter";
import { todayOf } from "@/lib/pets/age-group";
import { nowIso, nowMs } from "@/lib/clock";
import { type Database } from "@/lib/store/postgres/pool";
import type pg from "pg";
import { refusingIdOverflow } from "@/lib/store/postgres/id-limits";
import {
  appendEvents,
  pruneEvents,
  selectEvents,
  selectLogState,
  toLoggedEvent,
} from "@/lib/events/postgres-event-queries";
import { selectAuditPage, selectPrevious } from "@/lib/audit/postgres-audit-queries";
import { type EventListener } from "@/lib/events/postgres-event-notify";
import { currentActor } from "@/lib/events/actor";
import { announceEventsAppended } from "@/lib/events/appended";
import { CursorExpiredError, type LoggedEvent, type ReadEventsQuery } from "@/lib/events/event-log";
import type { AuditQuery, PreviousAsk } from "@/lib/audit/audit-log";
import type { Event } from "@/lib/events/event-types";
import { categoryCreated, categoryRenamed, petChanged } from "@/lib/events/new-events";
import type {
  ApplicationChange,
  ListApplicationsQuery,
  NewApplicationRecord,
} from "@/lib/applications/application-store";
import { changeOrderChecked, ORDER_ID_LIMIT, placeOrderChecked } from "@/lib/orders/postgres-order-writes";
import { PostgresApplications } from "@/lib/applications/postgres-application-writes";
import { EventRetention } from "@/lib/events/retention";
import { DEFAULT_STAY_FLOWS, type StayFlowSettings } from "@/lib/animal-record/postgres-stay-flows";

/*
 * The PostgreSQL pet store once open (./postgres-store.ts opens it): each write one
 * transaction with its events, creates and claims batched into shared statements, listings
 * through the read cache. Why: docs/decisions/040, 041, 181; "PostgreSQL and several
 * instances" in docs/operating.md.
 */

/** Claim statements at once: one, so the claims arriving meanwhile make one batch (docs/decisions/181). */
const CLAIMS_IN_FLIGHT = 1;

export class PostgresStore implements PetStore {
  private closed: Promise<void> | undefined;
  private readonly inserts: InsertBatcher<PetInsert, Pet | ClaimLostError>;
  private readonly claimBatches: InsertBatcher<idempotency.ClaimInput, Claim>;
  private sweptAt = 0;
  private readonly retention: EventRetention;
  private readonly applications: PostgresApplications;

  /** `insertsInFlight`: INSERT statements at once; the rest of the pool serves reads. */
  constructor(
    private readonly database: Database,
    insertsInFlight: number,
    private readonly listener: EventListener,
    retentionMs: number,
    /** Ends the pools when the store opened its own; nothing when it borrowed the process's. */
    private readonly releasePools: () => Promise<void>,
    /** The record's steps in pets' and orders' writes (docs/decisions/254). */
    private readonly stayFlows: StayFlowSettings = DEFAULT_STAY_FLOWS,
  ) {
    this.inserts = new InsertBatcher((items) => this.insertAll(items), insertsInFlight);
    this.claimBatches = new InsertBatcher((inputs) => this.claimAll(inputs), CLAIMS_IN_FLIGHT);
    this.retention = new EventRetention(retentionMs, (before) => this.pruneEvents(before));
    this.applications = new PostgresApplications(database, (work) => this.withEvents(work));
  }

  /**
   * Runs `work` in one transaction that ends by appending the events it returns, so the
   * change and its events commit together (docs/decisions/160); announces them after COMMIT.
   */
  private async withEvents<Value>(
    work: (client: pg.PoolClient) => Promise<{ value: Value; events: Event[] }>,
  ): Promise<{ value: Value; sequences: number[] }> {
    const done = await this.database.transaction(async (client) => {
      const { value, events } = await work(client);
      return { value, sequences: await appendEvents(client, events) };
    });
    const latest = done.sequences.reduce((highest, sequence) => Math.max(highest, sequence), 0);
    if (latest > 0) announceEventsAppended(latest);
    return done;
  }

  async readEvents({ afterSequence, limit, types, throughSequence }: ReadEventsQuery): Promise<LoggedEvent[]> {
    const through = throughSequence ?? Number.MAX_SAFE_INTEGER;
    const { rows } = await this.database.query<{ sequence: string; body: Event }>(
      selectEvents(afterSequence, through, limit, types),
    );
    // Read after the page: a prune that took events from under it has committed by now.
    const { prunedThrough } = await this.logState();
    if (afterSequence < prunedThrough) throw new CursorExpiredError(prunedThrough);
    return rows.map(toLoggedEvent);
  }

  async latestSequence(): Promise<number> {
    return (await this.logState()).latest;
  }

  // Applications (issue 26): their own file, in this store's transactions (docs/decisions/193).
  submitApplication(application: NewApplicationRecord) {
    return this.applications.submitApplication(application);
  }
  getApplication(id: number) {
    return this.applications.getApplication(id);
  }
  findByStatusToken(digest: string) {
    return this.applications.findByStatusToken(digest);
  }
  findByEmailDigest(digest: string) {
    return this.applications.findByEmailDigest(digest);
  }
  listApplications(query: ListApplicationsQuery) {
    return this.applications.listApplications(query);
  }
  changeApplication(id: number, decide: ApplicationChange) {
    return this.applications.changeApplication(id, decide);
  }
  erasePersonalData(ids: readonly number[], at: string) {
    return this.applications.erasePersonalData(ids, at);
  }
  decidedBefore(cutoff: string, limit: number) {
    return this.applications.decidedBefore(cutoff, limit);
  }

  async readAudit(query: AuditQuery): Promise<LoggedEvent[]> {
    const { rows } = await this.database.query<{ sequence: string; body: Event }>(selectAuditPage(query));
    return rows.map(toLoggedEvent);
  }

  async readPrevious(asks: readonly PreviousAsk[]): Promise<(LoggedEvent | undefined)[]> {
    if (asks.length === 0) return [];
    const { rows } = await this.database.query<{ place: string; sequence: string; body: Event }>(selectPrevious(asks));
    const found = new Map(rows.map((row) => [Number(row.place) - 1, toLoggedEvent(row)]));
    return asks.map((_ask, at) => found.get(at));
  }

  private async logState(): Promise<{ latest: number; prunedThrough: number }> {
    const { rows } = await this.database.query<{ latest: string; pruned_through: string }>(selectLogState);
    return { latest: Number(rows[0]?.latest ?? 0), prunedThrough: Number(rows[0]?.pruned_through ?? 0) };
  }

  async appendEvents(events: Event[]): Promise<number[]> {
    return (await this.withEvents(async () => ({ value: undefined, events }))).sequences;
  }

  async pruneEvents(before: Date): Promise<number> {
    const { rows } = await this.database.query<{ count: string }>(pruneEvents(before));
    return Number(rows[0]?.count ?? 0);
  }

  async list({ limit, status, categoryId, cursor, ids, filter }: ListPetsQuery): Promise<PetPage> {
    const rows = limit + 1;
    const key = filterKey(filter, ids);
    let found: PetRow[];
    if (categoryId !== undefined || key) {
      const afterId = cursor === undefined ? undefined : decodeCursor(cursor, status, categoryId, key);
      const today = todayOf(nowMs());
      const selection = { status, categoryId, ids, filter, today };
      const result = await this.database.query<PetRow>(categoryPage(rows, selection, afterId));
      if (afterId !== undefined && result.rows.length === 0) throw new InvalidCursorError();
      found = result.rows.filter((row) => row.id !== null);
    } else if (cursor === undefined) {
      found = (await this.database.query<PetRow>(firstPage(rows, status))).rows;
    } else {
      const afterId = decodeCursor(cursor, status);
      const result = await this.database.query<PetRow>(pageAfter(afterId, rows, status));
      if (result.rows.length === 0) throw new InvalidCursorError(); // no such pet, or not in this filter
      found = result.rows.filter((row) => row.id !== null);
    }
    const pets = found.slice(0, limit).map(toPet);
    const last = pets.at(-1);
    return found.length > limit && last
      ? { pets, nextCursor: encodeCursor(last.id, status, categoryId, key) }
      : { pets };
  }

  /**
   * Resolves after the batch's statement has committed, so the pet is durable, and the
   * answers of the batch's idempotent requests and its events with it (lib/pets/postgres-create-pets.ts).
   */
  create(newPet: NewPet, record?: IdempotencyRecord<Pet>): Promise<Pet> {
    const { name, categoryId, status = DEFAULT_PET_STATUS } = newPet;
    const pet = { name, categoryId, status, ...canonicalProfile(newPet), ...listingOf(newPet) };
    return refusingIdOverflow([PET_ID_LIMIT], async () => {
      const created = await this.inserts.submit({ pet, record, actor: currentActor() });
      if (created instanceof ClaimLostError) throw created;
      return created;
    });
  }

  private async insertAll(items: PetInsert[]): Promise<(Pet | ClaimLostError)[]> {
    observeBatchSize("postgres", items.length);
    return createPetBatch(this.database, items, this.stayFlows);
  }

  /**
   * One statement that writes at most one row, in a transaction that also records the
   * answer (with a record) and the events `eventsOf` gives. Undefined when the statement
   * wrote nothing (the caller says why).
   */
  private async writeOne<Row extends pg.QueryResultRow, Value>(
    statement: pg.QueryConfig,
    toValue: (row: Row) => Value,
    record: IdempotencyRecord<Value> | undefined,
    eventsOf: (row: Row, value: Value, at: string) => Event[],
  ): Promise<Value | undefined> {
    const at = nowIso();
    const done = await this.withEvents(async (client) => {
      const { rows } = await client.query<Row>(statement);
      if (!rows[0]) return { value: undefined, events: [] };
      const value = toValue(rows[0]);
      if (record) await recordAnswers(client, [[record, value]]);
      return { value, events: eventsOf(rows[0], value, at) };
    });
    return done.value;
  }

  /**
   * Committed without waiting for the flush: a claim needs no flush of its own (docs/decisions/109,
   * 242; lib/store/postgres/async-commit.ts). Claims that
   * arrive while one is under way go together in one statement (docs/decisions/181).
   */
  async claim(key: string, fingerprint: string, { now, ttlMs, abandonAfterMs }: ClaimOptions): Promise<Claim> {
    if (now - this.sweptAt > 60_000) {
      this.sweptAt = now;
      await this.database.query(idempotency.deleteExpired(new Date(now)));
    }
    const at = new Date(now);
    const claim = {
      key,
      fingerprint,
      now: at,
      expiresAt: new Date(now + ttlMs),
      abandonedBefore: new Date(now - abandonAfterMs),
    };
    return this.claimBatches.submit(claim);
  }

  /**
   * One statement for the batch's distinct keys. A key repeated in the batch is claimed by
   * its first request; the others find it held, as they would one statement later.
   */
  private async claimAll(inputs: idempotency.ClaimInput[]): Promise<Claim[]> {
    const firstOf = new Map<string, idempotency.ClaimInput>();
    for (const input of inputs) if (!firstOf.has(input.key)) firstOf.set(input.key, input);
    const distinct = [...firstOf.values()];
    const { rows } = await this.database.query<idempotency.ClaimRow & { held: boolean }>(
      idempotency.claimKeys(distinct),
    );
    const rowOf = new Map(distinct.map((input, i) => [input, rows[i]]));
    return inputs.map((input) => {
      const first = firstOf.get(input.key) as idempotency.ClaimInput;
      const row = rowOf.get(first);
      if (first !== input && row?.claimed) return { kind: "running" };
      return idempotency.toClaim(row && idempotency.asClaimRow(row), input.fingerprint);
    });
  }

  async release(key: string, claimedAt: number): Promise<void> {
    // A lost release only delays a retry until the claim counts as abandoned.
    await this.database.query(idempotency.releaseKey(key, new Date(claimedAt))).catch(() => {});
  }

  async get(id: number): Promise<Pet | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const { rows } = await this.database.query<PetRow>(selectPet(id));
    return rows[0] ? toPet(rows[0]) : undefined;
  }

  /** Locks the pet's row, decides, writes the pet and its status change: one transaction. */
  async updatePet(id: number, patch: PetPatch, versions?: readonly string[]): Promise<Pet> {
    const checked = PetPatch.parse(patch);
    if (!Number.isSafeInteger(id) || id < 1) throw new PetNotFoundError(id);
    const { value } = await this.withEvents(async (client) => {
      const { rows } = await client.query<PetRow>(selectPetForUpdate(id));
      if (!rows[0]) throw new PetNotFoundError(id);
      const pet = toPet(rows[0]);
      // If-Match, on the locked row: no other write can change it before this one commits.
      if (versions && !versions.includes(petVersion(pet))) throw new PetVersionMismatchError(id);
      if (checked.status !== undefined) {
        const held = await client.query<{ held: boolean }>(selectPetHeld(id));
        if (held.rows[0]?.held) throw new PetHeldByOrderError(id);
      }
      const next = applyPetPatch(pet, checked);
      if (JSON.stringify(next) === JSON.stringify(canonicalPet(pet))) return { value: pet, events: [] };
      const updated = await client.query<PetRow>(updatePetRow(next));
      if (next.status !== pet.status) {
        await client.query(
          insertStatusChange(id, pet.status as PetStatus, next.status as PetStatus, checked.reason ?? ""),
        );
      }
      const after = toPet(updated.rows[0] as PetRow);
      return { value: after, events: petChanged(pet, after, nowIso()) };
    });
    return value;
  }

  async countByStatus(): Promise<Record<PetStatus, number>> {
    const { rows } = await this.database.query<{ status: PetStatus; count: string }>(countPetsByStatus);
    const counts = Object.fromEntries(PET_STATUSES.map((status) => [status, 0])) as Record<PetStatus, number>;
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
  }

  /** Lets creates under way commit and answer, then stops listening and lets the pools go. */
  close(): Promise<void> {
    this.retention.stop();
    this.closed ??= this.inserts
      .idle()
      .then(() => Promise.all([this.releasePools(), this.listener.close()]).then(() => {}));
    return this.closed;
  }

  /** Two round trips: a read, then one statement with the pet, the answer and the events (lib/orders/postgres-order-writes.ts). */
  placeOrder(order: NewOrder, record?: IdempotencyRecord<Order>): Promise<Order> {
    return refusingIdOverflow([ORDER_ID_LIMIT], () => placeOrderChecked(this.database, order, record));
  }

  async getOrder(id: number): Promise<Order | undefined> {
    if (!Number.isSafeInteger(id) || id < 1) return undefined;
    const { rows } = await this.database.query<orders.OrderRow>(orders.selectOrder(id));
    return rows[0] && orders.toOrder(rows[0]);
  }

  /** A cursor is checked by its encoding only (docs/decisions/082-order-cursors-need-no-anchor.md). */
  async listOrders({ limit, status, petId, cursor }: ListOrdersQuery): Promise<OrderPage> {
    const beforeId = cursor === undefined ? undefined : decodeOrderCursor(cursor, { status, petId });
    const { rows } = await this.database.query<orders.OrderRow>(orders.orderPage(limit + 1, status, petId, beforeId));
    const page = rows.slice(0, limit).map(orders.toOrder);
    const last = page.at(-1);
    return rows.length > limit && last
      ? { orders: page, nextCursor: encodeOrderCursor(last.id, { status, petId }) }
      : { orders: page };
  }

  transitionOrder(id: number, to: OrderStatus): Promise<Order> {
    return this.updateOrder(id, { status: to });
  }

  /** Two round trips, as placeOrder (lib/orders/postgres-order-writes.ts). */
  async updateOrder(id: number, change: OrderChange): Promise<Order> {
    if (!Number.isSafeInteger(id) || id < 1) throw new OrderNotFoundError(id);
    return changeOrderChecked(this.database, id, change, this.stayFlows);
  }

  async listCategories(): Promise<Category[]> {
    const { rows } = await this.database.query<categories.CategoryRow>(categories.listCategories);
    return rows.map(categories.toCategory);
  }

  createCategory(category: NewCategory, record?: IdempotencyRecord<Category>): Promise<Category> {
    return refusingIdOverflow([categories.CATEGORY_ID_LIMIT], () => this.insertCategory(category, record));
  }

  private async insertCategory({ id, name }: NewCategory, record?: IdempotencyRecord<Category>): Promise<Category> {
    if (id !== undefined) {
      const created = await this.writeOne(categories.insertCategory(id, name), categories.toCategory, record, created_);
      if (!created) throw new CategoryExistsError(id);
      return created;
    }
    // Two creates at once may pick the same next id; the loser finds it taken and tries the next.
    for (let attempt = 0; attempt < 20; attempt++) {
      const created = await this.writeOne(categories.insertNextCategory(name), categories.toCategory, record, created_);
      if (created) return created;
    }
    throw new Error("could not pick a free category id after 20 attempts");
  }

  async renameCategory(id: number, name: string): Promise<Category | undefined> {
    return this.writeOne(
      categories.renameCategory(id, name),
      categories.toCategory,
      undefined,
      (row: categories.CategoryRow & { was: string }, category, at) =>
        row.was === category.name ? [] : [categoryRenamed(category, at)],
    );
  }
}

const created_ = (_row: categories.CategoryRow, category: Category, at: string) => [categoryCreated(category, at)];

/**
 * Writes the answers of the idempotent requests among `writes`, in the caller's
 * transaction. A claim that was taken over (left running past abandonAfterMs) updates no
 * row: the whole transaction rolls back, so the request that holds the key now is the only
 * one that writes.
 */
async function recordAnswers<Value>(
  client: pg.PoolClient,
  writes: [IdempotencyRecord<Value> | undefined, Value][],
): Promise<void> {
  const answers = writes.flatMap(([record, value]) =>
    record ? [{ key: record.key, claimedAt: record.claimedAt, response: record.answer(value) }] : [],
  );
  if (answers.length === 0) return;
  const { rows } = await client.query<{ key: string }>(idempotency.recordAnswers(answers));
  if (rows.length === answers.length) return;
  const written = new Set(rows.map((row) => row.key));
  throw new ClaimLostError(answers.find((answer) => !written.has(answer.key))?.key ?? "");
}
