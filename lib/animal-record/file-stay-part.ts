import { PetNotFoundError } from "@/lib/pets/pet-errors";
import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "@/lib/store/file/engine/part";
import { checkedId } from "@/lib/store/file/engine/ids";
import { parseLine } from "@/lib/store/file/line-codec";
import { eventsPart, type ActorOp, type EventsPlan } from "@/lib/events/file-event-part";
import { petsPart, type PetsPlan } from "@/lib/pets/file-pet-part";
import type { NewIntake, NewOutcome, NewReturn, Stay } from "./stay-schemas";
import type { IntakeCorrection, OutcomeCorrection, OutcomeWithdrawal } from "./stay-correction-schemas";
import type { NewPlacement, PlacementChange } from "./foster-schemas";
import type { RecordedIntake } from "./stay-store";
import { closeStay, openStay } from "./stay-rules";
import { fillEntry, fillPlaceholder, untouchedPlaceholder } from "./placeholder-intake";
import { returnFromAdoption } from "./returned-adoption";
import { correctIntake, correctOutcome, withdrawOutcome } from "./stay-corrections";
import { changePlacement, placeInFoster } from "./foster-rules";
import { InvalidCorrectionError } from "./record-errors";
import { entryOf, type StayChangeEntry } from "./stay-history";
import { erasedStay, holdsPersonal, owesErasure } from "./stay-erasure";
import {
  stayClosed,
  stayCorrected,
  stayErased,
  stayOpened,
  stayPlaced,
  stayPlacementChanged,
  stayReopened,
} from "./stay-events";
import { StayBook } from "./file-stay-book";
import { checkedStay, decodeStay, encodeStayLine, type StayLine } from "./file-stay-line";
import { StayFlows, stayFlowSettings, type MissingStaysOp } from "./file-stay-flows";

type Zoned = { timeZone: string };

/** The write ops of stays (./stay-store.ts). */
export type StayOp =
  | (ActorOp & { kind: "open-stay"; petId: number; intake: NewIntake })
  | (ActorOp & { kind: "close-stay"; petId: number; outcome: NewOutcome; timeZone: string; stayId?: number })
  | (ActorOp & { kind: "return-stay"; petId: number; input: NewReturn })
  | (ActorOp & Zoned & { kind: "correct-intake"; petId: number; stayId: number; patch: IntakeCorrection })
  | (ActorOp & Zoned & { kind: "correct-outcome"; petId: number; stayId: number; patch: OutcomeCorrection })
  | (ActorOp & { kind: "withdraw-outcome"; petId: number; stayId: number; withdrawal: OutcomeWithdrawal })
  | (ActorOp & Zoned & { kind: "place-in-foster"; petId: number; placement: NewPlacement })
  | (ActorOp & Zoned & { kind: "change-placement"; petId: number; placementId: number; change: PlacementChange })
  | (ActorOp & { kind: "erase-stays"; closedBefore: string; limit: number });

/** What erase-stays answers: how many stays it erased, and the fold that takes them out of the files. */
export interface StayErasure {
  erased: number;
  folded: Promise<void> | undefined;
}

const stayLine = lineKind<StayBook, StayLine>({
  noun: "stay records",
  prefix: '{"stay":',
  since: 8,
  decode: (buf, start, _bodyEnd, end) => decodeStay(parseLine(buf, start, end)),
  fold: (book, { stay, history }, { inSnapshot }) => {
    // A journal's line that drops a personal part an earlier line holds: the process ended before its fold.
    const before = book.get(stay.id);
    if (!inSnapshot && before && holdsPersonal(before, book.historyOf(stay.id)) && !holdsPersonal(stay, history)) {
      book.foldOwed = true;
    }
    book.put(stay, history);
  },
});

/**
 * Stays as a part of the file engine (docs/decisions/251, 252): a stay's line is its whole
 * state after a change (with its history of corrections), written in the batch with its
 * event, both closed by one commit record. The rules decide against the stays as committed
 * plus the batch's earlier ops, so of two intakes for one pet in one batch the second is refused.
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
      const histories = stays.map((stay) => book.historyOf(stay.id));
      return { count: stays.length, line: (i) => encodeStayLine(stays[i] as Stay, histories[i]) };
    },
  },
  size: (book) => book.size,
  owesFold: (book) => (book.foldOwed ? "an earlier erasure of stays" : undefined),
  foldSettled: (book, failed) => void (book.foldOwed = failed),
  ops: [
    "open-stay",
    "close-stay",
    "return-stay",
    "correct-intake",
    "correct-outcome",
    "withdraw-outcome",
    "place-in-foster",
    "change-placement",
    "erase-stays",
    "open-missing-stays",
  ],
  plan: (book, batch) => new StaysPlan(book, batch),
};

class StaysPlan implements PartPlan {
  /** Stays (and their histories) as the batch's earlier ops left them. */
  private readonly changed = new Map<number, StayLine>();
  private highestId: number;
  private highestPlacementId: number;
  private readonly erasures: StayErasure[] = [];
  /** How far this batch's step for missing stays went (the book's missingStaysFrom, once durable). */
  private missingStaysUpTo?: number;
  private readonly pets: PetsPlan;
  private readonly events: EventsPlan;
  /** The record's steps in other parts' ops (docs/decisions/254, 255). */
  private readonly flows: StayFlows;

  constructor(
    private readonly book: StayBook,
    private readonly batch: UnitOfWork,
  ) {
    this.highestId = book.highestId;
    this.highestPlacementId = book.highestPlacementId;
    this.pets = batch.plan(petsPart);
    this.events = batch.plan(eventsPart);
    this.flows = new StayFlows({
      batch,
      settings: book.flows,
      nextId: () => checkedId(this.highestId + 1, "stay"),
      staysOf: (petId) => this.staysOf(petId),
      hasStay: () => {
        const inBatch = new Set([...this.changed.values()].map(({ stay }) => stay.petId));
        return (petId) => book.hasStays(petId) || inBatch.has(petId);
      },
      record: (stay) => this.record(stay),
      missingStaysFrom: book.missingStaysFrom,
      missingStaysUpTo: (row) => void (this.missingStaysUpTo = row),
    });
    this.flows.listen();
  }

  decide(op: Op): unknown {
    if (op.kind === "open-missing-stays") return this.flows.openMissingStays(op as MissingStaysOp);
    const stayOp = op as StayOp;
    if (stayOp.kind === "erase-stays") return this.erase(stayOp.closedBefore, stayOp.limit, stayOp.actor);
    if (this.pets.statusOf(stayOp.petId) === undefined) throw new PetNotFoundError(stayOp.petId);
    const stays = this.staysOf(stayOp.petId);
    const { actor } = stayOp;
    const now = this.batch.now;
    switch (stayOp.kind) {
      case "open-stay":
        return this.recordIntake(stays, stayOp.petId, stayOp.intake, actor);
      case "close-stay": {
        const closed = this.record(closeStay(stays, stayOp.outcome, stayOp.timeZone, stayOp.stayId));
        this.events.emit(stayClosed(closed, now, actor));
        return closed;
      }
      case "return-stay": {
        const opened = this.record(returnFromAdoption(stays, stayOp.input, this.nextIds(stayOp.petId)));
        this.events.emit(stayOpened(opened, now, actor));
        return opened;
      }
      case "correct-intake":
      case "correct-outcome": {
        const { stay, note } =
          stayOp.kind === "correct-intake"
            ? correctIntake(stays, stayOp.stayId, stayOp.patch, stayOp.timeZone)
            : correctOutcome(stays, stayOp.stayId, stayOp.patch, stayOp.timeZone);
        const corrected = this.record(stay, entryOf(note, now));
        this.events.emit(stayCorrected(corrected, note, now, actor));
        return corrected;
      }
      case "withdraw-outcome": {
        const { stay, note } = withdrawOutcome(stays, stayOp.stayId, stayOp.withdrawal);
        const reopened = this.record(stay, entryOf(note, now, true));
        this.events.emit(stayReopened(reopened, now, actor));
        return reopened;
      }
      case "place-in-foster": {
        const id = checkedId(this.highestPlacementId + 1, "stay");
        const placed = this.record(placeInFoster(stays, stayOp.placement, id, stayOp.timeZone));
        this.events.emit(stayPlaced(placed, id, now, actor));
        return placed;
      }
      case "change-placement": {
        const { placementId, change } = stayOp;
        const holder = stays.find((stay) => stay.placements.some((placement) => placement.id === placementId));
        if (!holder) throw new InvalidCorrectionError(`The animal has no placement ${placementId}.`);
        const fields = Object.keys(change).filter((field) => field !== "reason");
        const entry: StayChangeEntry | undefined =
          change.reason === undefined
            ? undefined
            : { at: now, part: "placement", fields, placementId, reason: change.reason };
        const changed = this.record(changePlacement(holder, placementId, change, stayOp.timeZone), entry);
        this.events.emit(stayPlacementChanged(changed, placementId, fields, now, actor));
        return changed;
      }
    }
  }

  /** Gives each erasure the fold it waits for, asked for now that its batch is durable. */
  applied(): void {
    if (this.missingStaysUpTo !== undefined)
      this.book.missingStaysFrom = Math.max(this.book.missingStaysFrom, this.missingStaysUpTo);
    let folded: Promise<void> | undefined;
    for (const erasure of this.erasures) {
      if (erasure.erased === 0 && !this.book.foldOwed) continue;
      folded ??= this.batch.requestFold().then(() => void (this.book.foldOwed = false));
      erasure.folded = folded;
    }
  }

  private erase(closedBefore: string, limit: number, actor: ActorOp["actor"]): StayErasure {
    let erased = 0;
    for (const stay of this.book.all()) {
      if (erased >= limit) break;
      const current = this.changed.get(stay.id) ?? { stay, history: this.book.historyOf(stay.id) };
      if (!owesErasure(current.stay, current.history, closedBefore)) continue;
      const done = erasedStay(current.stay, current.history);
      const written = this.record(done.stay, undefined, done.history);
      this.events.emit(stayErased(written, this.batch.now, actor));
      erased++;
    }
    const erasure: StayErasure = { erased, folded: undefined };
    this.erasures.push(erasure);
    this.batch.remember(() => this.erasures.pop());
    return erasure;
  }

  /** Opens the pet's next stay, or fills its placeholder's intake (./placeholder-intake.ts). */
  private recordIntake(stays: Stay[], petId: number, intake: NewIntake, actor: ActorOp["actor"]): RecordedIntake {
    const now = this.batch.now;
    const placeholder = untouchedPlaceholder(stays, (id) => this.historyOf(id));
    if (placeholder) {
      const { stay, note } = fillPlaceholder(stays, placeholder, intake);
      const filled = this.record(stay, fillEntry(note, now));
      this.events.emit(stayCorrected(filled, note, now, actor));
      return { stay: filled, filled: true };
    }
    const opened = this.record(openStay(stays, intake, this.nextIds(petId)));
    this.events.emit(stayOpened(opened, now, actor));
    return { stay: opened, filled: false };
  }

  private nextIds(petId: number) {
    return { id: checkedId(this.highestId + 1, "stay"), petId };
  }

  private staysOf(petId: number): Stay[] {
    const stays = new Map(this.book.ofPet(petId).map((stay) => [stay.id, stay]));
    for (const { stay } of this.changed.values()) if (stay.petId === petId) stays.set(stay.id, stay);
    return [...stays.values()];
  }

  private historyOf(id: number): StayChangeEntry[] {
    return this.changed.get(id)?.history ?? this.book.historyOf(id);
  }

  /**
   * Its line first: the encoder refuses a stay the reader would refuse, before any change.
   * `entry` is added to the stay's history; `history` replaces it (an erasure).
   */
  private record(decided: Stay, entry?: StayChangeEntry, history?: StayChangeEntry[]): Stay {
    const stay = checkedStay(decided);
    const kept = history ?? [...this.historyOf(stay.id), ...(entry ? [entry] : [])];
    this.batch.write(encodeStayLine(stay, kept), () => this.book.put(stay, kept));
    const [before, highest, highestPlacement] = [this.changed.get(stay.id), this.highestId, this.highestPlacementId];
    this.batch.remember(() => {
      this.highestId = highest;
      this.highestPlacementId = highestPlacement;
      if (before) this.changed.set(stay.id, before);
      else this.changed.delete(stay.id);
    });
    this.changed.set(stay.id, { stay, history: kept });
    if (stay.id > this.highestId) this.highestId = stay.id;
    for (const { id } of stay.placements) if (id > this.highestPlacementId) this.highestPlacementId = id;
    return stay;
  }
}
