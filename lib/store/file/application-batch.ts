import {
  applicationChanged,
  applicationErased,
  applicationSubmitted,
  orderAdopterFor,
} from "@/lib/applications/application-events";
import { isOpenApplication, type ApplicationRecord } from "@/lib/applications/schemas";
import type { Event, EventActor } from "@/lib/events/event-types";
import type { Order } from "@/lib/orders/schemas";
import type { PetStatus } from "@/lib/pets/schemas";
import type { ApplicationChange, NewApplicationRecord } from "@/lib/store/application-store";
import { AdoptionCompleteError } from "@/lib/store/application-store";
import { PetNotAvailableError, PetNotFoundError } from "@/lib/store/order-store";
import { IdSpaceExhaustedError } from "@/lib/errors/store-errors";
import type { ApplicationBook } from "./application-book";
import { checkedApplication, encodeApplicationLine } from "./application-line";

/** The write ops of applications (lib/store/application-store.ts), batched with every other kind. */
export type ApplicationOp =
  | { kind: "submit-application"; application: NewApplicationRecord }
  | { kind: "change-application"; id: number; decide: ApplicationChange }
  | { kind: "erase-applications"; ids: readonly number[]; at: string };

/** What the batch around an application op offers it (./write-batch.ts planBatch). */
export interface BatchAround {
  now: string;
  actor: EventActor | undefined;
  lines: string[];
  /** The op's events so far (an approval's order events go in first, then the application's is put before them). */
  events: Event[];
  ids: { nextApplicationId: number };
  /** The pet's status as the ops before this one left it. */
  statusOf(petId: number): PetStatus | undefined;
  /** Places an order exactly as a `place` op would (its events included); throws as it would. */
  placeOrder(petId: number, adopter: string): Order;
  /** Cancels the order as a `transition` op would, when it is still open; the order as it stood before. */
  cancelOrder(orderId: number): Order | undefined;
}

/**
 * Decides application ops against the book plus the ops before them in the same batch, as
 * planBatch does for pets and orders: of two approvals for one pet in one batch the first
 * places the order and the second finds the pet pending. Nothing in the book changes until
 * apply(), once the batch is durable.
 */
export class ApplicationPlan {
  private readonly written: ApplicationRecord[] = [];
  private readonly state = new Map<number, ApplicationRecord>();
  /** What each record() replaced in `state`, so a refused op is undone. */
  private readonly undo: { id: number; before: ApplicationRecord | undefined }[] = [];

  constructor(private readonly book: ApplicationBook) {}

  decide(op: ApplicationOp, around: BatchAround): unknown {
    switch (op.kind) {
      case "submit-application":
        return this.submit(op.application, around);
      case "change-application":
        return this.change(op.id, op.decide, around);
      case "erase-applications":
        return this.erase(op.ids, op.at, around);
    }
  }

  /** Where a refused op's undo starts. */
  mark(): number {
    return this.undo.length;
  }

  rollback(mark: number): void {
    for (const { id, before } of this.undo.splice(mark).reverse()) {
      this.written.pop();
      if (before) this.state.set(id, before);
      else this.state.delete(id);
    }
  }

  /** Applies the batch's records to the book; call only once they are durable. */
  apply(): void {
    for (const record of this.written) this.book.put(record);
  }

  private current(id: number): ApplicationRecord | undefined {
    return this.state.get(id) ?? this.book.get(id);
  }

  private submit(application: NewApplicationRecord, around: BatchAround) {
    const { petId, reference } = application;
    const status = around.statusOf(petId);
    if (status === undefined) throw new PetNotFoundError(petId);
    // Asked again by the same person while the first is open: answered with the first (kind, and no copy).
    const open = this.openApplicationOf(petId, application.personal.emailDigest);
    if (open) return { application: open, duplicate: true };
    if (status !== "available") throw new PetNotAvailableError(status);
    if (this.book.holdsReference(reference) || this.written.some((record) => record.reference === reference)) {
      throw new Error("another application already has this reference"); // 40 random bits: practically never
    }
    const id = around.ids.nextApplicationId;
    if (id > Number.MAX_SAFE_INTEGER) throw new IdSpaceExhaustedError("application");
    const record = this.record({ id, ...application }, around);
    around.ids.nextApplicationId++;
    around.events.push(applicationSubmitted(record, around.now, around.actor));
    return { application: record, duplicate: false };
  }

  private change(id: number, decide: ApplicationChange, around: BatchAround): ApplicationRecord | undefined {
    const current = this.current(id);
    if (!current) return undefined;
    const change = decide(current);
    if (!change) return current;
    // The store keeps an application's identity: a change moves its state and data, never its pet.
    let next = checkedApplication({ ...change.record, id, petId: current.petId, reference: current.reference });
    const orderEvents = around.events.length;
    if (change.order === "place") {
      next = { ...next, orderId: around.placeOrder(next.petId, orderAdopterFor(next)).id };
    } else if (change.order === "cancel" && current.orderId !== undefined) {
      if (around.cancelOrder(current.orderId)?.status === "delivered") throw new AdoptionCompleteError(current.state);
    }
    const record = this.record(next, around);
    around.events.splice(orderEvents, 0, applicationChanged(record, change.event, around.now, around.actor));
    return record;
  }

  private erase(ids: readonly number[], at: string, around: BatchAround): number[] {
    const erased: number[] = [];
    for (const id of new Set(ids)) {
      const current = this.current(id);
      if (!current?.personal) continue;
      const withoutPersonal: ApplicationRecord = { ...current, updatedAt: at, erasedAt: at };
      delete withoutPersonal.personal;
      const record = this.record(withoutPersonal, around);
      around.events.push(applicationErased(record, around.now, around.actor));
      erased.push(id);
    }
    return erased;
  }

  /** The open application for the pet by this e-mail's digest, as the batch left them. */
  private openApplicationOf(petId: number, emailDigest: string): ApplicationRecord | undefined {
    const ids = new Set([
      ...this.book.idsOfPet(petId),
      ...this.written.filter((r) => r.petId === petId).map((r) => r.id),
    ]);
    for (const id of ids) {
      const record = this.current(id) as ApplicationRecord;
      if (isOpenApplication(record.state) && record.personal?.emailDigest === emailDigest) return record;
    }
    return undefined;
  }

  /** Its line first: it refuses a record the reader would refuse, before any change. */
  private record(record: ApplicationRecord, around: BatchAround): ApplicationRecord {
    const line = encodeApplicationLine(record);
    const stored = checkedApplication(record);
    around.lines.push(line);
    this.undo.push({ id: stored.id, before: this.state.get(stored.id) });
    this.written.push(stored);
    this.state.set(stored.id, stored);
    return stored;
  }
}
