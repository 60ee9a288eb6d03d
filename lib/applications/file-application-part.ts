import {
  applicationChanged,
  applicationErased,
  applicationSubmitted,
  orderAdopterFor,
} from "@/lib/applications/application-events";
import { isOpenApplication, type ApplicationRecord } from "@/lib/applications/schemas";
import type { ApplicationChange, NewApplicationRecord } from "@/lib/applications/application-store";
import { AdoptionCompleteError } from "@/lib/applications/application-store";
import { PetNotAvailableError, PetNotFoundError } from "@/lib/pets/pet-errors";
import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "@/lib/store/file/engine/part";
import { checkedId } from "@/lib/store/file/engine/ids";
import { parseLine } from "@/lib/store/file/line-codec";
import { ApplicationBook } from "./file-application-book";
import { checkedApplication, decodeApplication, encodeApplicationLine } from "./file-application-line";
import { eventsPart, type ActorOp, type EventsPlan } from "@/lib/events/file-event-part";
import { ordersPart, type OrdersPlan } from "@/lib/orders/file-order-part";
import { petsPart, type PetsPlan } from "@/lib/pets/file-pet-part";

/** The write ops of applications (lib/applications/application-store.ts). */
export type ApplicationOp =
  | (ActorOp & { kind: "submit-application"; application: NewApplicationRecord })
  | (ActorOp & { kind: "change-application"; id: number; decide: ApplicationChange })
  | (ActorOp & { kind: "erase-applications"; ids: readonly number[]; at: string });

/**
 * What makes an erasure real in an append-only store (docs/decisions/192): after the batch
 * that writes the erased records, a fold (a compaction at once) rewrites the snapshot and
 * deletes the journals that held the answers. The erasure's caller waits for it.
 */
export interface Erasure {
  erased: number[];
  /** The fold that removes the erased data from the files; none when nothing was to fold. */
  folded: Promise<void> | undefined;
}

export interface ApplicationsState {
  book: ApplicationBook;
  nextId: number;
  /** An erasure is not yet folded away (a journal read at open erased what an older line holds, or a fold failed). */
  foldOwed: boolean;
}

const applicationLine = lineKind<ApplicationsState, ApplicationRecord>({
  noun: "application records",
  prefix: '{"application":',
  since: 7,
  decode: (buf, start, _bodyEnd, end) => decodeApplication(parseLine(buf, start, end)),
  fold: (state, record, { inSnapshot }) => {
    // A journal's line that drops a personal part an earlier line holds: the process ended before its fold.
    if (!inSnapshot && !record.personal && state.book.get(record.id)?.personal !== undefined) state.foldOwed = true;
    state.book.put(record);
  },
});

/**
 * Applications as a part of the file engine (docs/decisions/192): an application line is its
 * whole state after a change. An approval's line sits in the unit of work of the order it
 * places (and a withdrawal's beside the order's cancellation), closed by one commit record:
 * the two never disagree after a crash.
 */
export const applicationsPart: Part<ApplicationsState, ApplicationsPlan> = {
  name: "applications",
  createState: () => ({ book: new ApplicationBook(), nextId: 1, foldOwed: false }),
  lines: [applicationLine],
  snapshot: {
    field: "applications",
    since: 5,
    kind: applicationLine,
    take: ({ book }) => {
      const records = book.all();
      return { count: records.length, line: (i) => encodeApplicationLine(records[i] as ApplicationRecord) };
    },
  },
  opened: (state) => void (state.nextId = state.book.lastId + 1),
  owesFold: (state) => (state.foldOwed ? "an earlier erasure" : undefined),
  foldSettled: (state, failed) => void (state.foldOwed = failed),
  ops: ["submit-application", "change-application", "erase-applications"],
  plan: (state, batch) => new ApplicationsPlan(state, batch),
};

/**
 * Decides application ops against the book plus the ops before them in the same batch: of
 * two approvals for one pet in one batch the first places the order and the second finds the
 * pet pending. Nothing in the book changes until the batch is durable.
 */
class ApplicationsPlan implements PartPlan {
  private readonly written: ApplicationRecord[] = [];
  private readonly state = new Map<number, ApplicationRecord>();
  private readonly erasures: Erasure[] = [];
  private readonly pets: PetsPlan;
  private readonly orders: OrdersPlan;
  private readonly events: EventsPlan;

  constructor(
    private readonly part: ApplicationsState,
    private readonly batch: UnitOfWork,
  ) {
    this.pets = batch.plan(petsPart);
    this.orders = batch.plan(ordersPart);
    this.events = batch.plan(eventsPart);
  }

  decide(op: Op): unknown {
    const applicationOp = op as ApplicationOp;
    switch (applicationOp.kind) {
      case "submit-application":
        return this.submit(applicationOp.application, applicationOp.actor);
      case "change-application":
        return this.change(applicationOp.id, applicationOp.decide, applicationOp.actor);
      case "erase-applications":
        return this.erase(applicationOp.ids, applicationOp.at, applicationOp.actor);
    }
  }

  /** Gives each erasure the fold it waits for, asked for now that its batch is durable. */
  applied(): void {
    let folded: Promise<void> | undefined;
    for (const erasure of this.erasures) {
      if (erasure.erased.length === 0 && !this.part.foldOwed) continue;
      folded ??= this.batch.requestFold().then(() => void (this.part.foldOwed = false));
      erasure.folded = folded;
    }
  }

  private current(id: number): ApplicationRecord | undefined {
    return this.state.get(id) ?? this.part.book.get(id);
  }

  private submit(application: NewApplicationRecord, actor: ActorOp["actor"]) {
    const { petId, reference } = application;
    const status = this.pets.statusOf(petId);
    if (status === undefined) throw new PetNotFoundError(petId);
    // Asked again by the same person while the first is open: answered with the first (kind, and no copy).
    const open = this.openApplicationOf(petId, application.personal.emailDigest);
    if (open) return { application: open, duplicate: true };
    if (status !== "available") throw new PetNotAvailableError(status);
    if (this.part.book.holdsReference(reference) || this.written.some((record) => record.reference === reference)) {
      throw new Error("another application already has this reference"); // 40 random bits: practically never
    }
    const record = this.record({ id: checkedId(this.part.nextId, "application"), ...application });
    this.part.nextId++;
    this.events.emit(applicationSubmitted(record, this.batch.now, actor));
    return { application: record, duplicate: false };
  }

  private change(id: number, decide: ApplicationChange, actor: ActorOp["actor"]): ApplicationRecord | undefined {
    const current = this.current(id);
    if (!current) return undefined;
    const change = decide(current);
    if (!change) return current;
    // The store keeps an application's identity: a change moves its state and data, never its pet.
    let next = checkedApplication({ ...change.record, id, petId: current.petId, reference: current.reference });
    const orderEvents = this.events.mark();
    if (change.order === "place") {
      next = { ...next, orderId: this.orders.place({ petId: next.petId, adopter: orderAdopterFor(next) }, actor).id };
    } else if (change.order === "cancel" && current.orderId !== undefined) {
      if (this.orders.cancelIfOpen(current.orderId, actor)?.status === "delivered") {
        throw new AdoptionCompleteError(current.state);
      }
    }
    const record = this.record(next);
    this.events.emitAt(orderEvents, applicationChanged(record, change.event, this.batch.now, actor));
    return record;
  }

  private erase(ids: readonly number[], at: string, actor: ActorOp["actor"]): Erasure {
    const erased: number[] = [];
    for (const id of new Set(ids)) {
      const current = this.current(id);
      if (!current?.personal) continue;
      const withoutPersonal: ApplicationRecord = { ...current, updatedAt: at, erasedAt: at };
      delete withoutPersonal.personal;
      const record = this.record(withoutPersonal);
      this.events.emit(applicationErased(record, this.batch.now, actor));
      erased.push(id);
    }
    const erasure: Erasure = { erased, folded: undefined };
    this.erasures.push(erasure);
    this.batch.remember(() => this.erasures.pop());
    return erasure;
  }

  /** The open application for the pet by this e-mail's digest, as the batch left them. */
  private openApplicationOf(petId: number, emailDigest: string): ApplicationRecord | undefined {
    const ids = new Set([
      ...this.part.book.idsOfPet(petId),
      ...this.written.filter((r) => r.petId === petId).map((r) => r.id),
    ]);
    for (const id of ids) {
      const record = this.current(id) as ApplicationRecord;
      if (isOpenApplication(record.state) && record.personal?.emailDigest === emailDigest) return record;
    }
    return undefined;
  }

  /** Its line first: it refuses a record the reader would refuse, before any change. */
  private record(record: ApplicationRecord): ApplicationRecord {
    const line = encodeApplicationLine(record);
    const stored = checkedApplication(record);
    this.batch.write(line, () => this.part.book.put(stored));
    const before = this.state.get(stored.id);
    this.batch.remember(() => {
      this.written.pop();
      if (before) this.state.set(stored.id, before);
      else this.state.delete(stored.id);
    });
    this.written.push(stored);
    this.state.set(stored.id, stored);
    return stored;
  }
}
