import type { Category, NewCategory } from "@/lib/categories/schemas";
import { canTransition, isOpenOrder, type NewOrder, type Order, type OrderChange } from "@/lib/orders/schemas";
import { DEFAULT_PET_STATUS, type NewPet, type Pet, type PetPatch, type PetStatus } from "@/lib/pets/schemas";
import { CategoryExistsError } from "@/lib/store/category-store";
import { IdSpaceExhaustedError, PetVersionMismatchError } from "@/lib/errors/store-errors";
import { petVersion } from "@/lib/pets/pet-version";
import type { IdempotencyRecord } from "@/lib/store/idempotency-store";
import {
  OrderConflictError,
  OrderNotFoundError,
  PetHeldByOrderError,
  PetNotAvailableError,
  PetNotFoundError,
  petStatusFor,
} from "@/lib/store/order-store";
import type { IdempotencyBook } from "./idempotency-book";
import { encodeIdempotencyLine, type IdempotencyEntry } from "./idempotency-line";
import { encodeCategoryLine, encodeOrderLine } from "./order-record";
import type { OrderBook } from "./order-book";
import type { PetIndex } from "./pet-index";
import { encodePetLine, type PetRecord } from "./pet-record";
import { encodeStatusChangeLine, type StatusChange } from "./status-change-line";
import type { EventBook } from "./event-book";
import { encodeEventLine } from "./event-line";
import type { LoggedEvent } from "@/lib/events/event-log";
import type { Event, EventActor } from "@/lib/events/event-types";
import { categoryCreated, categoryRenamed, orderChanged, petChanged, petCreated } from "@/lib/events/new-events";
import { encodePetEditLine, type PetEdit } from "./pet-edit-line";
import { applyPetPatch, canonicalPet } from "@/lib/pets/apply-patch";
import type { ApplicationBook } from "./application-book";
import { ApplicationPlan, type ApplicationOp } from "./application-batch";

/**
 * One write the group committer batches: every kind shares the batch's write and fdatasync.
 * A `record` is the answer to the request that asked for the write: its line follows the
 * write's own in the same batch, so both commit or neither does, and so do the events the
 * write records (by `actor`, docs/decisions/160). `events` appends events alone (key events,
 * other modules' changes: lib/events/event-log.ts appendEvents), skipping ids already kept.
 * Application ops are ./application-batch.ts's.
 */
export type WriteOp = (
  | { kind: "pet"; pet: NewPet }
  | { kind: "place"; order: NewOrder }
  | { kind: "transition"; id: number; change: OrderChange }
  | { kind: "correct"; id: number; patch: PetPatch; versions?: readonly string[] }
  | { kind: "category"; category: NewCategory }
  | { kind: "rename"; id: number; name: string }
  | { kind: "events"; events: Event[] }
  | ApplicationOp
) & { record?: IdempotencyRecord<never>; actor?: EventActor };

/** What a batch decides against and, once durable, changes. */
export interface Memory {
  index: PetIndex;
  book: OrderBook;
  idempotency: IdempotencyBook;
  events: EventBook;
  applications: ApplicationBook;
}

/** The next id of each kind and the next event sequence; planBatch takes from them. */
export interface BatchIds {
  nextPetId: number;
  nextOrderId: number;
  nextEventSequence: number;
  nextApplicationId: number;
}

/** Each op's answer: a value, or the refusal it earned (refusals write nothing). */
export type Outcome = { value: unknown } | { error: Error };

export interface PlannedBatch {
  /** The lines to append, in op order (the commit record is added by the caller). */
  lines: string[];
  outcomes: Outcome[];
  /** Applies the batch to memory; call only once its lines are durable. */
  apply(): void;
  /** The pets the batch creates or changes (their status, by an order, too), to forget the pages they were on. */
  petIds(): number[];
}

/**
 * Decides a batch's ops one after another against memory plus the ops before them in
 * the same batch: of 50 orders for one pet in one batch, the first is placed and the
 * other 49 are refused. Nothing in memory changes until apply(), so a batch the disk
 * refused leaves no trace but burnt ids.
 */
export function planBatch(
  ops: WriteOp[],
  { index, book, idempotency, events: eventBook, applications }: Memory,
  ids: BatchIds,
  now: string,
): PlannedBatch {
  const pets: PetRecord[] = [];
  const answers: IdempotencyEntry[] = [];
  const orders: Order[] = [];
  const categories: Category[] = [];
  const changes: StatusChange[] = [];
  const logged: LoggedEvent[] = [];
  /** The events of the op being decided, numbered and written once it is sure to be written. */
  let opEvents: Event[] = [];
  const eventIds = new Set<string>();
  const edits: PetEdit[] = [];
  const edited = new Map<number, PetRecord>();
  const petStatus = new Map<number, PetStatus>();
  const orderState = new Map<number, Order>();
  const categoryState = new Map<number, Category>();
  const lines: string[] = [];
  const applicationPlan = new ApplicationPlan(applications);
  /** Restores what the op being decided changed in the maps above, should it be refused. */
  const undoLog: (() => void)[] = [];
  const setStatus = (petId: number, status: PetStatus) => {
    const before = petStatus.get(petId);
    undoLog.push(() => (before === undefined ? petStatus.delete(petId) : petStatus.set(petId, before)));
    petStatus.set(petId, status);
  };
  let highestCategoryId = book.highestCategoryId;
  const statusOf = (petId: number) => petStatus.get(petId) ?? index.get(petId)?.status;
  const categoryOf = (id: number) => categoryState.get(id) ?? book.categories.get(id);
  const petAt = (id: number, status: PetStatus | undefined) => {
    const pet = edited.get(id) ?? pets.find((created) => created.id === id) ?? index.get(id);
    return { ...pet, status } as Pet;
  };

  const decide = (op: WriteOp): unknown => {
    switch (op.kind) {
      case "pet": {
        const pet = canonicalPet({
          ...op.pet,
          id: nextId(ids.nextPetId, "pet"),
          status: op.pet.status ?? DEFAULT_PET_STATUS,
        }) as PetRecord;
        lines.push(encodePetLine(pet)); // first: it refuses a record the reader would refuse
        ids.nextPetId++;
        pets.push(pet);
        setStatus(pet.id, pet.status);
        opEvents.push(petCreated(pet, now, op.actor));
        return pet;
      }
      case "place": {
        const current = statusOf(op.order.petId);
        if (current === undefined) throw new PetNotFoundError(op.order.petId);
        if (current !== "available") throw new PetNotAvailableError(current);
        const order: Order = {
          id: nextId(ids.nextOrderId, "order"),
          petId: op.order.petId,
          adopter: op.order.adopter,
          status: "placed",
          ...(op.order.note ? { note: op.order.note } : {}),
          placedAt: now,
          updatedAt: now,
        };
        const placed = record(order);
        ids.nextOrderId++;
        const pet = { before: petAt(order.petId, current), after: petAt(order.petId, "pending") };
        opEvents.push(...orderChanged(order, true, pet, now, op.actor));
        return placed;
      }
      case "transition": {
        const current = orderState.get(op.id) ?? book.order(op.id);
        if (!current) throw new OrderNotFoundError(op.id);
        const { status: to, note } = op.change;
        if (to !== undefined && !canTransition(current.status, to)) throw new OrderConflictError(current.status, to);
        const { note: _before, ...rest } = current;
        const kept = note === undefined ? _before : note || undefined;
        const changed = { ...rest, status: to ?? current.status, ...(kept ? { note: kept } : {}), updatedAt: now };
        const petBefore = to === undefined ? undefined : statusOf(current.petId);
        const value = record(changed, to !== undefined);
        const pet =
          petBefore === undefined
            ? undefined
            : { before: petAt(current.petId, petBefore), after: petAt(current.petId, statusOf(current.petId)) };
        opEvents.push(...orderChanged(changed, to !== undefined && to !== current.status, pet, now, op.actor));
        return value;
      }
      case "correct": {
        const current = statusOf(op.id);
        if (current === undefined) throw new PetNotFoundError(op.id);
        const before = edited.get(op.id) ?? pets.find((created) => created.id === op.id) ?? index.get(op.id);
        // If-Match, decided in the batch, after every earlier write to this pet (docs/decisions/213).
        if (op.versions && !op.versions.includes(petVersion({ ...before, status: current } as Pet))) {
          throw new PetVersionMismatchError(op.id);
        }
        // Only a status is the orders' to move; a typo in a name can be fixed at any time.
        if (op.patch.status !== undefined && holdsPet(op.id)) throw new PetHeldByOrderError(op.id);
        const pet = applyPetPatch({ ...before, status: current } as PetRecord, op.patch) as PetRecord;
        // Compared without the status, which has its own record below.
        const fieldsOf = (record: PetRecord) => JSON.stringify({ ...record, status: undefined });
        if (fieldsOf(pet) !== fieldsOf(canonicalPet({ ...before, status: current } as PetRecord) as PetRecord)) {
          lines.push(encodePetEditLine(pet, now));
          edits.push(pet);
          edited.set(op.id, pet);
        }
        if (pet.status !== current) {
          const change = { petId: op.id, from: current, status: pet.status, reason: op.patch.reason ?? "", at: now };
          lines.push(encodeStatusChangeLine(change));
          changes.push(change);
          setStatus(op.id, pet.status);
        }
        opEvents.push(...petChanged({ ...before, status: current } as Pet, pet as Pet, now, op.actor));
        return pet;
      }
      case "category": {
        const id = op.category.id ?? nextId(highestCategoryId + 1, "category");
        if (categoryOf(id)) throw new CategoryExistsError(id);
        const created = recordCategory({ id, name: op.category.name });
        opEvents.push(categoryCreated(created, now, op.actor));
        return created;
      }
      case "rename": {
        const before = categoryOf(op.id);
        if (!before) return undefined;
        const renamed = recordCategory({ id: op.id, name: op.name });
        if (before.name !== renamed.name) opEvents.push(categoryRenamed(renamed, now, op.actor));
        return renamed;
      }
      case "events": {
        const fresh = op.events.filter((event) => !eventBook.holds(event.id) && !eventIds.has(event.id));
        opEvents.push(...fresh);
        return op.events.map((event) => (fresh.includes(event) ? event.id : undefined));
      }
      default:
        return applicationPlan.decide(op, {
          now,
          actor: op.actor,
          lines,
          events: opEvents,
          ids,
          statusOf,
          placeOrder: (petId, adopter) =>
            decide({ kind: "place", order: { petId, adopter }, actor: op.actor }) as Order,
          cancelOrder: (id) => {
            const order = orderState.get(id) ?? book.order(id);
            if (order && isOpenOrder(order.status)) {
              decide({ kind: "transition", id, change: { status: "cancelled" }, actor: op.actor });
            }
            return order;
          },
        });
    }
  };
  // Whether an open order holds the pet, each order as this batch left it (else as the book has it).
  const holdsPet = (petId: number) => {
    const inBatch = [...orderState.values()].filter((order) => order.petId === petId).map((order) => order.id);
    const ids = new Set([...book.orderIdsOf(petId), ...inBatch]);
    return [...ids].some((id) => isOpenOrder((orderState.get(id) ?? (book.order(id) as Order)).status));
  };
  // Each encode comes first: it throws for a record the reader would refuse, before any change.
  // A note-only change (no `to`) leaves the pet's status alone: it may have been corrected.
  const record = (order: Order, movesPet = true) => {
    lines.push(encodeOrderLine(order));
    orders.push(order);
    const before = orderState.get(order.id);
    undoLog.push(() => (before ? orderState.set(order.id, before) : orderState.delete(order.id)));
    orderState.set(order.id, order);
    if (movesPet) setStatus(order.petId, petStatusFor(order.status));
    return order;
  };
  const recordCategory = (category: Category) => {
    lines.push(encodeCategoryLine(category));
    categories.push(category);
    categoryState.set(category.id, category);
    if (category.id > highestCategoryId) highestCategoryId = category.id;
    return category;
  };

  const recordAnswer = ({ key, fingerprint, expiresAt, answer }: IdempotencyRecord<never>, value: unknown) => {
    const entry = { key, fingerprint, expiresAt, response: answer(value as never) };
    answers.push(entry);
    lines.push(encodeIdempotencyLine(entry));
  };

  const outcomes = ops.map((op): Outcome => {
    const before = [lines.length, pets.length, orders.length, categories.length, changes.length, edits.length];
    opEvents = [];
    const [undoMark, applicationMark] = [undoLog.length, applicationPlan.mark()];
    const editedBefore = op.kind === "correct" ? edited.get(op.id) : undefined;
    try {
      let value = decide(op);
      if (op.record) recordAnswer(op.record, value);
      // Numbered only now: a refused op burns no sequence.
      const first = logged.length;
      for (const event of opEvents) {
        const entry = { sequence: ids.nextEventSequence++, event };
        lines.push(encodeEventLine(entry));
        logged.push(entry);
        eventIds.add(event.id);
      }
      if (op.kind === "events") {
        const sequences = logged.slice(first).map((entry) => entry.sequence);
        value = (value as (string | undefined)[]).map((id) => (id === undefined ? -1 : (sequences.shift() as number)));
      }
      return { value };
    } catch (error) {
      // A refused answer line takes its write with it: nothing of the op is written or applied.
      [lines.length, pets.length, orders.length, categories.length, changes.length, edits.length] = before as [
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      for (const undo of undoLog.splice(undoMark).reverse()) undo();
      applicationPlan.rollback(applicationMark);
      if (op.kind === "correct") {
        if (editedBefore) edited.set(op.id, editedBefore);
        else edited.delete(op.id);
      }
      return { error: error as Error };
    }
  });
  return {
    lines,
    outcomes,
    apply() {
      for (const pet of pets) index.add(pet);
      for (const order of orders) applyOrder(index, book, order);
      applicationPlan.apply();
      for (const category of categories) book.putCategory(category);
      for (const edit of edits) index.edit(edit);
      for (const change of changes) index.setStatus(change.petId, change.status);
      for (const answer of answers) idempotency.put(answer);
      for (const entry of logged) eventBook.add(entry);
    },
    petIds() {
      const ids = [...pets, ...edits].map((pet) => pet.id);
      for (const order of orders) ids.push(order.petId);
      for (const change of changes) ids.push(change.petId);
      return [...new Set(ids)];
    },
  };
}

/**
 * An order's state and the pet status it implies, as the journal's order line says both;
 * a line that leaves the order's status as it was (a note changed) says nothing of the pet,
 * whose status may have been corrected since (docs/decisions/155), and neither does a
 * snapshot's (`petStatusKept`: its pet lines say it).
 */
export function applyOrder(index: PetIndex, book: OrderBook, order: Order, petStatusKept = false): void {
  const before = book.order(order.id);
  book.put(order);
  if (!petStatusKept && before?.status !== order.status) index.setStatus(order.petId, petStatusFor(order.status));
}

/** `candidate` as the next id of its kind, or IdSpaceExhaustedError past 2^53−1 (docs/decisions/130). */
function nextId(candidate: number, kind: "pet" | "order" | "category"): number {
  if (candidate > Number.MAX_SAFE_INTEGER) throw new IdSpaceExhaustedError(kind);
  return candidate;
}
