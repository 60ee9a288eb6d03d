import { PetNotFoundError } from "@/lib/store/order-store";
import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "@/lib/store/file/engine/part";
import { checkedId } from "@/lib/store/file/engine/ids";
import { parseLine } from "@/lib/store/file/line-codec";
import { eventsPart, type ActorOp, type EventsPlan } from "@/lib/store/file/event-part";
import { petsPart, type PetsPlan } from "@/lib/store/file/pet-part";
import type { NewIntake, NewOutcome, Stay } from "./stay-schemas";
import { closeStay, openStay } from "./stay-rules";
import { stayClosed, stayOpened } from "./stay-events";
import { StayBook } from "./file-stay-book";
import { checkedStay, decodeStay, encodeStayLine } from "./file-stay-line";
import { StayFlows, stayFlowSettings, type MissingStaysOp } from "./file-stay-flows";

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
  /** The record's steps in other parts' ops (docs/decisions/254, 255). */
  private readonly flows: StayFlows;

  constructor(
    private readonly book: StayBook,
    private readonly batch: UnitOfWork,
  ) {
    this.highestId = book.highestId;
    this.pets = batch.plan(petsPart);
    this.events = batch.plan(eventsPart);
    this.flows = new StayFlows({
      batch,
      settings: book.flows,
      nextId: () => checkedId(this.highestId + 1, "stay"),
      staysOf: (petId) => this.staysOf(petId),
      petsWithStays: () => new Set([...book.all(), ...this.changed.values()].map((stay) => stay.petId)),
      record: (stay) => this.record(stay),
    });
    this.flows.listen();
  }

  decide(op: Op): Stay | boolean {
    if (op.kind === "open-missing-stays") return this.flows.openMissingStays(op as MissingStaysOp);
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
