import { PetNotFoundError } from "@/lib/store/order-store";
import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "@/lib/store/file/engine/part";
import { checkedId } from "@/lib/store/file/engine/ids";
import { parseLine } from "@/lib/store/file/line-codec";
import { eventsPart, type ActorOp, type EventsPlan } from "@/lib/store/file/event-part";
import { petsPart, type PetsPlan } from "@/lib/store/file/pet-part";
import { ordersPart } from "@/lib/store/file/order-part";
import type { Order } from "@/lib/orders/schemas";
import type { PetStatus } from "@/lib/pets/schemas";
import type { NewIntake, NewOutcome, Stay } from "./stay-schemas";
import { closeStay, openStay, openStayOf } from "./stay-rules";
import { isRecordRefusal } from "./record-errors";
import { adoptionOutcome, firstStay, type PetBeginning } from "./first-stay";
import { beginningOf, stayFlowSettings, type MissingStaysOp } from "./file-stay-flows";
import { stayClosed, stayOpened } from "./stay-events";
import { StayBook } from "./file-stay-book";
import { checkedStay, decodeStay, encodeStayLine } from "./file-stay-line";

/** The write ops of stays (./stay-store.ts). */
export type StayOp =
  | (ActorOp & { kind: "open-stay"; petId: number; intake: NewIntake })
  | (ActorOp & { kind: "close-stay"; petId: number; outcome: NewOutcome; timeZone: string });

const stayLine = lineKind<StayBook, Stay>({
  noun: "stay records",
  prefix: '{"stay":',
  since: 8,
  decode: (buf, start, _bodyEnd, end) => decodeStay(parseLine(buf, start, end)),
  fold: (book, stay) => book.put(stay),
});

/**
 * Stays as a part of the file engine (docs/decisions/251): a stay's line is its whole state
 * after a change, written in the batch with its event, both closed by one commit record.
 * The rules decide against the stays as committed plus the batch's earlier ops, so of two
 * intakes for one pet in one batch the second is refused.
 */
export const staysPart: Part<StayBook, StaysPlan> = {
  name: "stays",
  createState: (options) => Object.assign(new StayBook(), { flows: stayFlowSettings(options) }),
  lines: [stayLine],
  snapshot: {
    field: "stays",
    since: 6,
    kind: stayLine,
    take: (book) => {
      const stays = book.all();
      return { count: stays.length, line: (i) => encodeStayLine(stays[i] as Stay) };
    },
  },
  size: (book) => book.size,
  ops: ["open-stay", "close-stay", "open-missing-stays"],
  plan: (book, batch) => new StaysPlan(book, batch),
};

class StaysPlan implements PartPlan {
  /** Stays as the batch's earlier ops left them. */
  private readonly changed = new Map<number, Stay>();
  private highestId: number;
  private readonly pets: PetsPlan;
  private readonly events: EventsPlan;

  constructor(
    private readonly book: StayBook,
    private readonly batch: UnitOfWork,
  ) {
    this.highestId = book.highestId;
    this.pets = batch.plan(petsPart);
    this.events = batch.plan(eventsPart);
    // The record's flows (docs/decisions/254), in the pet's or the order's own op.
    if (!book.flows.firstStays) return;
    this.pets.onCreated((pet, actor) => this.openFirstStay(pet, actor));
    batch.plan(ordersPart).onStatusMoved((order, actor) => order.status === "delivered" && this.adopt(order, actor));
  }

  decide(op: Op): Stay | boolean {
    if (op.kind === "open-missing-stays") return this.openMissingStays(op as MissingStaysOp);
    const stayOp = op as StayOp;
    if (this.pets.statusOf(stayOp.petId) === undefined) throw new PetNotFoundError(stayOp.petId);
    const stays = this.staysOf(stayOp.petId);
    if (stayOp.kind === "open-stay") {
      const ids = { id: checkedId(this.highestId + 1, "stay"), petId: stayOp.petId };
      const opened = this.record(openStay(stays, stayOp.intake, ids));
      this.events.emit(stayOpened(opened, this.batch.now, stayOp.actor));
      return opened;
    }
    const closed = this.record(closeStay(stays, stayOp.outcome, stayOp.timeZone));
    this.events.emit(stayClosed(closed, this.batch.now, stayOp.actor));
    return closed;
  }

  /** A new pet's first stay: "other, not recorded" at its creation (closed by an adoption if it is created sold). */
  private openFirstStay(pet: { id: number; status: PetStatus }, actor: ActorOp["actor"]): void {
    const stay = this.recordFirstStay({ petId: pet.id, status: pet.status, at: this.batch.now });
    const { outcome, ...opened } = stay;
    this.events.emit(stayOpened(opened, this.batch.now, actor));
    if (outcome) this.events.emit(stayClosed(stay, this.batch.now, actor));
  }

  private recordFirstStay(pet: PetBeginning): Stay {
    return this.record(firstStay(pet, checkedId(this.highestId + 1, "stay"), this.book.flows.timeZone));
  }

  /**
   * An order delivered closes its pet's open stay with an adoption, at the delivery. Without an
   * open stay, or one the rules cannot close then, the delivery goes on and the record is
   * left as staff made it (docs/decisions/254).
   */
  private adopt(order: Order, actor: ActorOp["actor"]): void {
    const stays = this.staysOf(order.petId);
    if (!openStayOf(stays)) return;
    let closed: Stay;
    try {
      closed = closeStay(stays, adoptionOutcome(this.batch.now, order.id), this.book.flows.timeZone);
    } catch (error) {
      if (isRecordRefusal(error)) return;
      throw error;
    }
    this.events.emit(stayClosed(this.record(closed), this.batch.now, actor));
  }

  /**
   * Pets found without a stay (they existed before the record): their first stay, `limit` at
   * most; no event, as no one changed anything. Answers whether it gave any.
   */
  private openMissingStays({ limit }: MissingStaysOp): boolean {
    if (!this.book.flows.firstStays) return false;
    const { index } = this.batch.stateOf(petsPart);
    const withStay = new Set(this.book.all().map((stay) => stay.petId));
    for (const stay of this.changed.values()) withStay.add(stay.petId);
    const events = this.batch.stateOf(eventsPart).book;
    const orders = this.batch.stateOf(ordersPart).book;
    let opened = 0;
    for (let row = 0; row < index.size && opened < limit; row++) {
      const { id } = index.pet(row);
      const status = this.pets.statusOf(id);
      if (withStay.has(id) || status === undefined) continue;
      this.recordFirstStay(beginningOf({ id, status }, { events, orders, now: this.batch.now }));
      opened++;
    }
    return opened > 0;
  }

  private staysOf(petId: number): Stay[] {
    const stays = new Map(this.book.ofPet(petId).map((stay) => [stay.id, stay]));
    for (const stay of this.changed.values()) if (stay.petId === petId) stays.set(stay.id, stay);
    return [...stays.values()];
  }

  /** Its line first: the encoder refuses a stay the reader would refuse, before any change. */
  private record(decided: Stay): Stay {
    const stay = checkedStay(decided);
    this.batch.write(encodeStayLine(stay), () => this.book.put(stay));
    const [before, highest] = [this.changed.get(stay.id), this.highestId];
    this.batch.remember(() => {
      this.highestId = highest;
      if (before) this.changed.set(stay.id, before);
      else this.changed.delete(stay.id);
    });
    this.changed.set(stay.id, stay);
    if (stay.id > this.highestId) this.highestId = stay.id;
    return stay;
  }
}
