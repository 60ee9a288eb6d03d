import type { Order } from "@/lib/orders/schemas";
import type { PetStatus } from "@/lib/pets/schemas";
import type { Op, UnitOfWork } from "@/lib/store/file/engine/part";
import { eventsPart, type ActorOp, type EventsState } from "@/lib/events/file-event-part";
import { ordersPart, type OrdersState } from "@/lib/orders/file-order-part";
import { petsPart } from "@/lib/pets/file-pet-part";
import type { Stay } from "./stay-schemas";
import { closeStay, openStayOf } from "./stay-rules";
import { isRecordRefusal } from "./record-errors";
import { stayClosed, stayOpened } from "./stay-events";
import { adoptionOutcome, firstStay, type PetBeginning } from "./first-stay";

/*
 * The record's steps in the file engine's pets' and orders' ops (docs/decisions/254, 255): a
 * new pet's first stay, an adoption on delivery, and the first stays of pets found without one
 * at open. The stays' plan (./file-stay-part.ts) lends them its view of the batch.
 */

export interface StayFlowSettings {
  /** Whether new pets, and pets found without a stay at open, get their first stay (./first-stay.ts). */
  firstStays: boolean;
  /** The shelter's zone (config.timeZone): an adoption ends an open foster placement on its day there. */
  timeZone: string;
}

/** The settings in the store's open options (lib/composition/file-store.ts passes them). */
export function stayFlowSettings(options: Readonly<Record<string, unknown>>): StayFlowSettings {
  const { firstStays, timeZone } = options;
  return { firstStays: firstStays !== false, timeZone: typeof timeZone === "string" ? timeZone : "UTC" };
}

/**
 * Gives pets without a stay their first one, at most `limit` in one unit of work; answers
 * whether it gave any (the store writes it again while staysMissing). Written once: a pet
 * with a stay is never given another, so a restart finds nothing to do.
 */
export interface MissingStaysOp extends Op {
  kind: "open-missing-stays";
  limit: number;
}

export const OPEN_MISSING_STAYS: MissingStaysOp = { kind: "open-missing-stays", limit: 10_000 };

/** Whether some of `petCount` pets have no stay yet (checked before writing, so an open with none to give writes nothing). */
export function staysMissing(book: { flows: StayFlowSettings; petsWithStays: number }, petCount: number): boolean {
  if (!book.flows.firstStays) return false;
  return book.petsWithStays < petCount;
}

/**
 * What is known of a pet that existed before the record: when it began (its oldest kept
 * event, else `now`) and, when sold, its adoption (the latest delivered order, else its
 * latest kept event). Events older than the retention are gone: the time is then the best kept.
 */
export function beginningOf(
  pet: { id: number; status: PetStatus },
  { events, orders, now }: { events: EventsState["book"]; orders: OrdersState["book"]; now: string },
): PetBeginning {
  // Newest first; one pet's events only (the audit's index by resource).
  const kept = events.readAudit({
    limit: Number.MAX_SAFE_INTEGER,
    resource: { prefixes: ["pet"], id: String(pet.id) },
  });
  const beginning: PetBeginning = { petId: pet.id, status: pet.status, at: kept.at(-1)?.event.createdAt ?? now };
  if (pet.status !== "sold") return beginning;
  const delivered = orders
    .orderIdsOf(pet.id)
    .map((id) => orders.order(id) as Order)
    .filter((order) => order.status === "delivered")
    .at(-1);
  const at = delivered?.updatedAt ?? kept[0]?.event.createdAt ?? beginning.at;
  return { ...beginning, adoption: { at, ...(delivered ? { orderId: delivered.id } : {}) } };
}

/** What the stays' plan lends its flows: the batch, its stays as the batch left them, and how it writes one. */
export interface StaysInBatch {
  readonly batch: UnitOfWork;
  readonly settings: StayFlowSettings;
  /** The id the next stay takes. */
  nextId(): number;
  staysOf(petId: number): Stay[];
  /**
   * Which pets have a stay, committed or in this batch, as the batch stands when asked. A
   * lookup, not a set of every pet: an open gives a million pets their first stays 10,000 a
   * batch, and a set of all of them made anew for each batch cost most of that open.
   */
  hasStay(): (petId: number) => boolean;
  /** The pets' index row the step for missing stays goes on from (./file-stay-book.ts). */
  readonly missingStaysFrom: number;
  /** This batch gave every pet before `row` its stay: the next batch goes on from there, once this one is durable. */
  missingStaysUpTo(row: number): void;
  /** Writes the stay's line in the op being decided; the stay as written. */
  record(stay: Stay): Stay;
}

export class StayFlows {
  private readonly events;
  private readonly pets;

  constructor(private readonly stays: StaysInBatch) {
    this.events = stays.batch.plan(eventsPart);
    this.pets = stays.batch.plan(petsPart);
  }

  /** Listens to the pets' and orders' ops of the batch, when the store gives first stays. */
  listen(): void {
    if (!this.stays.settings.firstStays) return;
    this.pets.onCreated((pet, actor) => this.openFirstStay(pet, actor));
    const orders = this.stays.batch.plan(ordersPart);
    orders.onStatusMoved((order, actor) => order.status === "delivered" && this.adopt(order, actor));
  }

  /** A new pet's first stay: "other, not recorded" at its creation (closed by an adoption if it is created sold). */
  private openFirstStay(pet: { id: number; status: PetStatus }, actor: ActorOp["actor"]): void {
    const now = this.stays.batch.now;
    const stay = this.recordFirstStay({ petId: pet.id, status: pet.status, at: now });
    const { outcome, ...opened } = stay;
    this.events.emit(stayOpened(opened, now, actor));
    if (outcome) this.events.emit(stayClosed(stay, now, actor));
  }

  /**
   * An order delivered closes its pet's open stay with an adoption, at the delivery. Without an
   * open stay, or one the rules cannot close then, the delivery goes on and the record is
   * left as staff made it (docs/decisions/254).
   */
  private adopt(order: Order, actor: ActorOp["actor"]): void {
    const stays = this.stays.staysOf(order.petId);
    if (!openStayOf(stays)) return;
    const now = this.stays.batch.now;
    let closed: Stay;
    try {
      closed = closeStay(stays, adoptionOutcome(now, order.id), this.stays.settings.timeZone);
    } catch (error) {
      if (isRecordRefusal(error)) return;
      throw error;
    }
    this.events.emit(stayClosed(this.stays.record(closed), now, actor));
  }

  /**
   * Pets found without a stay (they existed before the record): their first stay, `limit` at
   * most; no event, as no one changed anything. Answers whether it gave any.
   */
  openMissingStays({ limit }: MissingStaysOp): boolean {
    if (!this.stays.settings.firstStays) return false;
    const { batch } = this.stays;
    const { index } = batch.stateOf(petsPart);
    const hasStay = this.stays.hasStay();
    const kept = { events: batch.stateOf(eventsPart).book, orders: batch.stateOf(ordersPart).book, now: batch.now };
    let opened = 0;
    let row = this.stays.missingStaysFrom;
    for (; row < index.size && opened < limit; row++) {
      const { id } = index.pet(row);
      const status = this.pets.statusOf(id);
      if (hasStay(id) || status === undefined) continue;
      this.recordFirstStay(beginningOf({ id, status }, kept));
      opened++;
    }
    this.stays.missingStaysUpTo(row);
    return opened > 0;
  }

  private recordFirstStay(pet: PetBeginning): Stay {
    return this.stays.record(firstStay(pet, this.stays.nextId(), this.stays.settings.timeZone));
  }
}
