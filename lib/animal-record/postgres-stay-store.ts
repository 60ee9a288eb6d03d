import "server-only";
import type pg from "pg";
import type { Event } from "@/lib/events/event-types";
import { currentActor } from "@/lib/events/actor";
import { announceEventsAppended } from "@/lib/events/appended";
import type { Database } from "@/lib/store/postgres/pool";
import { appendEvents } from "@/lib/events/postgres-event-queries";
import { PetNotFoundError } from "@/lib/pets/pet-errors";
import type { NewIntake, NewOutcome, NewReturn, Outcome, Stay } from "./stay-schemas";
import type { IntakeCorrection, OutcomeCorrection, OutcomeWithdrawal } from "./stay-correction-schemas";
import type { NewPlacement, PlacementChange } from "./foster-schemas";
import type { OutcomeWriteOptions, RecordedIntake, StayStore, StayWriteOptions, ZonedWriteOptions } from "./stay-store";
import { closeStay, openStay } from "./stay-rules";
import { fillEntry, fillPlaceholder, untouchedPlaceholder } from "./placeholder-intake";
import { returnFromAdoption } from "./returned-adoption";
import { correctIntake, correctOutcome, withdrawOutcome } from "./stay-corrections";
import { changePlacement, placeInFoster } from "./foster-rules";
import { InvalidCorrectionError } from "./record-errors";
import { entryOf, type StayChangeEntry } from "./stay-history";
import { erasedStay, owesErasure } from "./stay-erasure";
import {
  stayClosed,
  stayCorrected,
  stayErased,
  stayOpened,
  stayPlaced,
  stayPlacementChanged,
  stayReopened,
} from "./stay-events";
import * as q from "./postgres-stay-queries";

/** Stays erased in one transaction at most. */
const ERASE_BATCH = 200;

/** What a write decided: the stay, its event, and (for a change of a stored stay) its history after it. */
type Decided = { stay: Stay; event: Event; history?: StayChangeEntry[] };
type Stored = { stays: Stay[]; historyOf: (id: number) => StayChangeEntry[] };

/**
 * Stays on PostgreSQL (docs/decisions/251, 252): each write one transaction on the request
 * pool that holds the pet's row, reads its stays as committed, runs the rules, writes the stay
 * and appends its event last, so the two commit together and a refusal rolls both back.
 */
export class PostgresStayStore implements StayStore {
  constructor(private readonly database: Database) {}

  /** Decided with the pet's row held, so of two intakes at once the second sees the first's stay. */
  async recordIntake(petId: number, intake: NewIntake, { actor }: StayWriteOptions = {}): Promise<RecordedIntake> {
    let filled = false;
    const stay = await this.write(petId, async (client, { stays, historyOf }, at) => {
      const placeholder = untouchedPlaceholder(stays, historyOf);
      filled = placeholder !== undefined;
      if (placeholder) {
        const { stay, note } = fillPlaceholder(stays, placeholder, intake);
        return { stay, history: [fillEntry(note, at)], event: stayCorrected(stay, note, at, actor) };
      }
      const stay = openStay(stays, intake, { id: await nextId(client, q.nextStayId), petId });
      await client.query(q.insertStay(stay));
      return { stay, event: stayOpened(stay, at, actor) };
    });
    return { stay, filled };
  }

  recordOutcome(petId: number, outcome: NewOutcome, options: OutcomeWriteOptions): Promise<Stay> {
    return this.write(petId, async (client, { stays }, at) => {
      const stay = closeStay(stays, outcome, options.timeZone, options.stayId) as Stay & { outcome: Outcome };
      await client.query(q.closeStayRow(stay));
      return { stay, event: stayClosed(stay, at, options.actor) };
    });
  }

  recordReturn(petId: number, input: NewReturn, { actor }: StayWriteOptions = {}): Promise<Stay> {
    return this.write(petId, async (client, { stays }, at) => {
      const stay = returnFromAdoption(stays, input, { id: await nextId(client, q.nextStayId), petId });
      await client.query(q.insertStay(stay));
      return { stay, event: stayOpened(stay, at, actor) };
    });
  }

  correctIntake(petId: number, stayId: number, patch: IntakeCorrection, options: ZonedWriteOptions): Promise<Stay> {
    return this.write(petId, async (_client, { stays, historyOf }, at) => {
      const { stay, note } = correctIntake(stays, stayId, patch, options.timeZone);
      const history = [...historyOf(stayId), entryOf(note, at)];
      return { stay, history, event: stayCorrected(stay, note, at, options.actor) };
    });
  }

  correctOutcome(petId: number, stayId: number, patch: OutcomeCorrection, options: ZonedWriteOptions): Promise<Stay> {
    return this.write(petId, async (_client, { stays, historyOf }, at) => {
      const { stay, note } = correctOutcome(stays, stayId, patch, options.timeZone);
      const history = [...historyOf(stayId), entryOf(note, at)];
      return { stay, history, event: stayCorrected(stay, note, at, options.actor) };
    });
  }

  withdrawOutcome(
    petId: number,
    stayId: number,
    withdrawal: OutcomeWithdrawal,
    options: ZonedWriteOptions,
  ): Promise<Stay> {
    return this.write(petId, async (_client, { stays, historyOf }, at) => {
      const { stay, note } = withdrawOutcome(stays, stayId, withdrawal);
      const history = [...historyOf(stayId), entryOf(note, at, true)];
      return { stay, history, event: stayReopened(stay, at, options.actor) };
    });
  }

  placeInFoster(petId: number, placement: NewPlacement, options: ZonedWriteOptions): Promise<Stay> {
    return this.write(petId, async (client, { stays, historyOf }, at) => {
      const id = await nextId(client, q.nextPlacementId);
      const stay = placeInFoster(stays, placement, id, options.timeZone);
      return { stay, history: historyOf(stay.id), event: stayPlaced(stay, id, at, options.actor) };
    });
  }

  changePlacement(
    petId: number,
    placementId: number,
    change: PlacementChange,
    options: ZonedWriteOptions,
  ): Promise<Stay> {
    return this.write(petId, async (_client, { stays, historyOf }, at) => {
      const holder = stays.find((stay) => stay.placements.some((placement) => placement.id === placementId));
      if (!holder) throw new InvalidCorrectionError(`The animal has no placement ${placementId}.`);
      const stay = changePlacement(holder, placementId, change, options.timeZone);
      const fields = Object.keys(change).filter((field) => field !== "reason");
      const entry: StayChangeEntry[] =
        change.reason === undefined ? [] : [{ at, part: "placement", fields, placementId, reason: change.reason }];
      const event = stayPlacementChanged(stay, placementId, fields, at, options.actor);
      return { stay, history: [...historyOf(stay.id), ...entry], event };
    });
  }

  async listStays(petId: number): Promise<Stay[]> {
    return (await this.database.query<q.StayRow>(q.selectPetStays(petId))).rows.map(q.toStay);
  }

  async getStay(id: number): Promise<Stay | undefined> {
    const [row] = (await this.database.query<q.StayRow>(q.selectStay(id))).rows;
    return row && q.toStay(row);
  }

  async listOpenStays(): Promise<Stay[]> {
    return (await this.database.query<q.StayRow>(q.selectOpenStays)).rows.map(q.toStay);
  }

  /**
   * In batches, each one transaction: the batch's pets are held (as every write of their stays
   * holds them), the stays read again and erased with a `stay.erased` event each.
   */
  async erasePersonalClosedBefore(closedBefore: string): Promise<number> {
    const actor = currentActor();
    let total = 0;
    for (;;) {
      const at = new Date().toISOString();
      const done = await this.database.transaction(async (client) => {
        const due = (await client.query<q.StayRow>(q.selectErasable(closedBefore, ERASE_BATCH))).rows;
        if (due.length === 0) return { erased: 0, found: 0, sequence: -1 };
        await client.query(q.lockPets([...new Set(due.map((row) => Number(row.pet_id)))]));
        const events: Event[] = [];
        for (const { id } of due) {
          const [row] = (await client.query<q.StayRow>(q.selectStay(Number(id)))).rows;
          if (!row || !owesErasure(q.toStay(row), row.history, closedBefore)) continue;
          const erased = erasedStay(q.toStay(row), row.history);
          await client.query(q.updateStayRow(erased.stay, erased.history));
          events.push(stayErased(erased.stay, at, actor));
        }
        const sequences = events.length > 0 ? await appendEvents(client, events) : [];
        return { erased: events.length, found: due.length, sequence: sequences.at(-1) ?? -1 };
      });
      if (done.sequence > 0) announceEventsAppended(done.sequence);
      total += done.erased;
      if (done.found < ERASE_BATCH) return total;
    }
  }

  private async write(
    petId: number,
    decide: (client: pg.PoolClient, stored: Stored, at: string) => Promise<Decided>,
  ): Promise<Stay> {
    const at = new Date().toISOString();
    const done = await this.database.transaction(async (client) => {
      const pet = await client.query(q.lockPet(petId));
      if (pet.rowCount === 0) throw new PetNotFoundError(petId);
      const rows = (await client.query<q.StayRow>(q.selectPetStays(petId))).rows;
      const histories = new Map(rows.map((row) => [Number(row.id), row.history]));
      const stored = { stays: rows.map(q.toStay), historyOf: (id: number) => histories.get(id) ?? [] };
      const { stay, event, history } = await decide(client, stored, at);
      if (history) await client.query(q.updateStayRow(stay, history));
      const [sequence = -1] = await appendEvents(client, [event]);
      return { stay, sequence };
    });
    // After COMMIT: the feed's readers and webhooks learn of it (as the pet store's withEvents does).
    if (done.sequence > 0) announceEventsAppended(done.sequence);
    return done.stay;
  }
}

async function nextId(client: pg.PoolClient, query: pg.QueryConfig): Promise<number> {
  const { rows } = await client.query<{ id: string }>(query);
  return Number(rows[0]?.id);
}
