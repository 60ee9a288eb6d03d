import "server-only";
import type pg from "pg";
import type { FosterPlacement, PlacementPersonal } from "./foster-schemas";
import type { Intake, Outcome, Stay } from "./stay-schemas";
import type { StayChangeEntry } from "./stay-history";

/* The stays' statements (migrations/1796256000251_create-stays.sql, 1796256000252_add-stay-placements.sql). */

export interface StayRow {
  id: string;
  pet_id: string;
  intake: Omit<Intake, "personal">;
  intake_personal: Intake["personal"] | null;
  outcome: Omit<Outcome, "personal"> | null;
  outcome_personal: Outcome["personal"] | null;
  placements: Omit<FosterPlacement, "personal">[];
  placements_personal: Record<string, PlacementPersonal> | null;
  history: StayChangeEntry[];
}

const COLUMNS =
  "id, pet_id, intake, intake_personal, outcome, outcome_personal, placements, placements_personal, history";

export function toStay(row: StayRow): Stay {
  const intake = { ...row.intake, ...(row.intake_personal ? { personal: row.intake_personal } : {}) };
  const outcome = row.outcome && {
    ...row.outcome,
    ...(row.outcome_personal ? { personal: row.outcome_personal } : {}),
  };
  const placements = row.placements.map((placement) => {
    const personal = row.placements_personal?.[String(placement.id)];
    return { ...placement, ...(personal ? { personal } : {}) };
  });
  return { id: Number(row.id), petId: Number(row.pet_id), intake, ...(outcome ? { outcome } : {}), placements };
}

/** Holds the pet's row to the transaction's end: every write of its stays waits its turn. Nothing returned: no such pet. */
export const lockPet = (petId: number): pg.QueryConfig => ({
  name: "stays_lock_pet",
  text: "SELECT id FROM pets WHERE id = $1 FOR NO KEY UPDATE",
  values: [petId],
});

/** The pets' rows, in id order (so two sweeps never wait on each other crosswise). */
export const lockPets = (petIds: number[]): pg.QueryConfig => ({
  name: "stays_lock_pets",
  text: "SELECT id FROM pets WHERE id = ANY($1::bigint[]) ORDER BY id FOR NO KEY UPDATE",
  values: [petIds],
});

export const selectPetStays = (petId: number): pg.QueryConfig => ({
  name: "stays_of_pet",
  text: `SELECT ${COLUMNS} FROM stays WHERE pet_id = $1 ORDER BY intake_at, id`,
  values: [petId],
});

export const selectStay = (id: number): pg.QueryConfig => ({
  name: "stays_get",
  text: `SELECT ${COLUMNS} FROM stays WHERE id = $1`,
  values: [id],
});

export const selectOpenStays: pg.QueryConfig = {
  name: "stays_open",
  text: `SELECT ${COLUMNS} FROM stays WHERE outcome_at IS NULL ORDER BY pet_id, id`,
};

/** Closed before `closedBefore` and still naming someone: what retention erases next. */
export const selectErasable = (closedBefore: string, limit: number): pg.QueryConfig => ({
  name: "stays_erasable",
  text: `SELECT ${COLUMNS} FROM stays
    WHERE outcome_at < $1 AND (intake_personal IS NOT NULL OR outcome_personal IS NOT NULL
      OR placements_personal IS NOT NULL OR jsonb_path_exists(history, '$[*].reason'))
    ORDER BY outcome_at, id LIMIT $2`,
  values: [closedBefore, limit],
});

/** A refused intake burns its id (a gap, never a reuse), as a rolled-back pet's does. */
export const nextStayId: pg.QueryConfig = { name: "stays_next_id", text: "SELECT nextval('stays_id_seq') AS id" };

/** Placement ids: one sequence for every stay's placements. */
export const nextPlacementId: pg.QueryConfig = {
  name: "stays_next_placement_id",
  text: "SELECT nextval('stay_placements_id_seq') AS id",
};

/** `count` stay ids, ascending. */
export const nextStayIds = (count: number): pg.QueryConfig => ({
  text: "SELECT nextval('stays_id_seq') AS id FROM generate_series(1, $1) ORDER BY 1",
  values: [count],
});

function split<T extends { at: string; personal?: unknown }>(part: T) {
  const { personal, ...rest } = part;
  return {
    at: part.at,
    fields: JSON.stringify(rest),
    personal: personal === undefined ? null : JSON.stringify(personal),
  };
}

export function insertStay(stay: Stay): pg.QueryConfig {
  const intake = split(stay.intake);
  return {
    name: "stays_insert",
    text: `INSERT INTO stays (id, pet_id, intake_at, intake, intake_personal) VALUES ($1, $2, $3, $4, $5)`,
    values: [stay.id, stay.petId, intake.at, intake.fields, intake.personal],
  };
}

export function closeStayRow(stay: Stay & { outcome: Outcome }): pg.QueryConfig {
  return {
    name: "stays_close",
    text: `UPDATE stays SET ${closeStaySet(2)} WHERE id = $1`,
    values: closedStayValues(stay),
  };
}

/** The SET list that closes a stay, from the parameters $first … $first+4 (closedStayValues after the id). */
export function closeStaySet(first: number): string {
  const [at, fields, personal, placements, placementsPersonal] = [0, 1, 2, 3, 4].map((offset) => `$${first + offset}`);
  return `outcome_at = ${at}, outcome = ${fields}, outcome_personal = ${personal}, placements = ${placements},
      placements_personal = ${placementsPersonal}`;
}

/** A closed stay's id, then the five values closeStaySet reads, in its order. */
export function closedStayValues(stay: Stay & { outcome: Outcome }): unknown[] {
  const outcome = split(stay.outcome);
  const placements = splitPlacements(stay.placements);
  return [stay.id, outcome.at, outcome.fields, outcome.personal, placements.fields, placements.personal];
}

function splitPlacements(placements: readonly FosterPlacement[]) {
  const personal: Record<string, PlacementPersonal> = {};
  const fields = placements.map((placement) => {
    const { personal: carer, ...rest } = placement;
    if (carer) personal[String(placement.id)] = carer;
    return rest;
  });
  return {
    fields: JSON.stringify(fields),
    personal: Object.keys(personal).length > 0 ? JSON.stringify(personal) : null,
  };
}

/** Writes the whole stay over its row, with its history: a correction, a withdrawal, a placement, an erasure. */
export function updateStayRow(stay: Stay, history: readonly StayChangeEntry[]): pg.QueryConfig {
  const intake = split(stay.intake);
  const outcome = stay.outcome ? split(stay.outcome) : { at: null, fields: null, personal: null };
  const placements = splitPlacements(stay.placements);
  return {
    name: "stays_update",
    text: `UPDATE stays SET intake_at = $2, intake = $3, intake_personal = $4,
      outcome_at = $5, outcome = $6, outcome_personal = $7, placements = $8, placements_personal = $9, history = $10
      WHERE id = $1`,
    values: [
      stay.id,
      intake.at,
      intake.fields,
      intake.personal,
      outcome.at,
      outcome.fields,
      outcome.personal,
      placements.fields,
      placements.personal,
      JSON.stringify(history),
    ],
  };
}
