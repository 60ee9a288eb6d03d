import "server-only";
import type pg from "pg";
import type { Event, EventActor } from "@/lib/events/event-types";
import type { Order } from "@/lib/orders/schemas";
import { DEFAULT_PET_STATUS, type Pet } from "@/lib/pets/schemas";
import type { Outcome, Stay } from "./stay-schemas";
import { closeStay, openStayOf } from "./stay-rules";
import { isRecordRefusal } from "./record-errors";
import { stayClosed, stayOpened } from "./stay-events";
import { adoptionOutcome, firstStay } from "./first-stay";
import * as q from "./postgres-stay-queries";

/*
 * The record's steps inside the pets' and orders' PostgreSQL writes (docs/decisions/254): a
 * new pet's first stay in its create statement, an order's delivery closing its pet's stay
 * in the delivery's statement (docs/decisions/275). The migration 1796428800255_open-first-stays.sql gives the pets
 * from before the record theirs.
 */

/** The store's settings for these steps. */
export interface StayFlowSettings {
  /** Whether new pets get their first stay (false only for the stay store's own contract). */
  firstStays: boolean;
  /** The shelter's zone (config.timeZone): an adoption ends an open foster placement on its day there. */
  timeZone: string;
}

export const DEFAULT_STAY_FLOWS: StayFlowSettings = { firstStays: true, timeZone: "UTC" };

/** The first stay of each new pet (ids drawn already) and its events, which follow the pet's own. */
export function firstStaysOf(
  pets: readonly Pet[],
  stayIds: readonly number[],
  at: string,
  { timeZone }: StayFlowSettings,
  actors: readonly (EventActor | undefined)[],
): { stays: Stay[]; events: Event[][] } {
  const stays = pets.map((pet, i) =>
    firstStay({ petId: pet.id, status: pet.status ?? DEFAULT_PET_STATUS, at }, stayIds[i] as number, timeZone),
  );
  const events = stays.map(({ outcome, ...opened }, i) => {
    const made = [stayOpened(opened, at, actors[i])];
    if (outcome) made.push(stayClosed(stays[i] as Stay, at, actors[i]));
    return made;
  });
  return { stays, events };
}

/** The stays as columns for the create statement's unnest (lib/pets/postgres-create-pets.ts). */
export function firstStayColumns(stays: readonly Stay[]): unknown[][] {
  return [
    stays.map((stay) => stay.id),
    stays.map((stay) => stay.petId),
    stays.map((stay) => stay.intake.at),
    stays.map((stay) => JSON.stringify(stay.intake)),
    stays.map((stay) => stay.outcome?.at ?? null),
    stays.map((stay) => (stay.outcome ? JSON.stringify(stay.outcome) : null)),
  ];
}

/**
 * Gives pets copied in by `npm run db:import` (which moves pets, not their stays, orders or
 * events) their first stay, in the import's transaction, as the migration gave the pets
 * already there: at the import's moment, no events (docs/decisions/255).
 */
export async function insertFirstStays(client: pg.PoolClient, pets: readonly Pet[], at: string): Promise<void> {
  if (pets.length === 0) return;
  const { rows } = await client.query<{ id: string }>(q.nextStayIds(pets.length));
  const ids = rows.map((row) => Number(row.id));
  const { stays } = firstStaysOf(pets, ids, at, DEFAULT_STAY_FLOWS, []);
  await client.query(insertStays(stays));
}

/** Stays as a create statement writes them (lib/pets/postgres-create-pets.ts), for the import. */
function insertStays(stays: readonly Stay[]): pg.QueryConfig {
  return {
    text: `INSERT INTO stays (id, pet_id, intake_at, intake, outcome_at, outcome)
           SELECT id, pet_id, intake_at, intake::jsonb, outcome_at, outcome::jsonb
           FROM unnest($1::bigint[], $2::bigint[], $3::timestamptz[], $4::text[], $5::timestamptz[], $6::text[])
             AS s(id, pet_id, intake_at, intake, outcome_at, outcome)`,
    values: firstStayColumns(stays),
  };
}

/**
 * The pet's open stay closed by the order's adoption (the order as delivered), and its event,
 * decided from the stays as read: undefined when the pet has no open stay or the rules cannot
 * close it then, and the delivery goes on without it (docs/decisions/254). The delivery's
 * statement writes it only if the stays are still as read (lib/orders/postgres-order-writes.ts).
 */
export function adoptionClosing(
  stays: readonly Stay[],
  order: Order,
  { timeZone }: StayFlowSettings,
): { stay: Stay & { outcome: Outcome }; event: Event } | undefined {
  if (!openStayOf(stays)) return undefined;
  let closed: Stay & { outcome: Outcome };
  try {
    closed = closeStay(stays, adoptionOutcome(order.updatedAt, order.id), timeZone) as Stay & { outcome: Outcome };
  } catch (error) {
    if (isRecordRefusal(error)) return undefined;
    throw error;
  }
  return { stay: closed, event: stayClosed(closed, order.updatedAt) };
}
