import "server-only";
import type pg from "pg";
import type { Intake, Outcome, Stay } from "./stay-schemas";

/* The stays' statements (migrations/1796256000251_create-stays.sql). */

export interface StayRow {
  id: string;
  pet_id: string;
  intake: Omit<Intake, "personal">;
  intake_personal: Intake["personal"] | null;
  outcome: Omit<Outcome, "personal"> | null;
  outcome_personal: Outcome["personal"] | null;
}

const COLUMNS = "id, pet_id, intake, intake_personal, outcome, outcome_personal";

export function toStay(row: StayRow): Stay {
  const intake = { ...row.intake, ...(row.intake_personal ? { personal: row.intake_personal } : {}) };
  const outcome = row.outcome && {
    ...row.outcome,
    ...(row.outcome_personal ? { personal: row.outcome_personal } : {}),
  };
  return { id: Number(row.id), petId: Number(row.pet_id), intake, ...(outcome ? { outcome } : {}), placements: [] };
}

/** Holds the pet's row to the transaction's end: every write of its stays waits its turn. Nothing returned: no such pet. */
export const lockPet = (petId: number): pg.QueryConfig => ({
  name: "stays_lock_pet",
  text: "SELECT id FROM pets WHERE id = $1 FOR NO KEY UPDATE",
  values: [petId],
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

/** A refused intake burns its id (a gap, never a reuse), as a rolled-back pet's does. */
export const nextStayId: pg.QueryConfig = { name: "stays_next_id", text: "SELECT nextval('stays_id_seq') AS id" };

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
  const outcome = split(stay.outcome);
  return {
    name: "stays_close",
    text: "UPDATE stays SET outcome_at = $2, outcome = $3, outcome_personal = $4 WHERE id = $1",
    values: [stay.id, outcome.at, outcome.fields, outcome.personal],
  };
}
