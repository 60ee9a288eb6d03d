import "server-only";
import type pg from "pg";
import type { HealthFacts } from "./health-schemas";
import type { MedicalEntry, TreatmentItem } from "./medical-schemas";
import type { SacSpecies } from "./sac-species";

/* The medical record's statements (migrations/1796256000256_create-medical.sql). */

export interface ItemRow {
  id: string;
  item: Omit<TreatmentItem, "id">;
}
export interface EntryRow {
  id: string;
  pet_id: string;
  entry: Omit<MedicalEntry, "id" | "petId">;
}

export const toItem = (row: ItemRow): TreatmentItem => ({ ...row.item, id: Number(row.id) });
export const toEntry = (row: EntryRow): MedicalEntry => ({
  ...row.entry,
  id: Number(row.id),
  petId: Number(row.pet_id),
});

/** Holds the pet's row to the transaction's end (as the stays' writes do). Nothing returned: no such pet. */
export const lockPet = (petId: number): pg.QueryConfig => ({
  name: "medical_lock_pet",
  text: "SELECT id FROM pets WHERE id = $1 FOR NO KEY UPDATE",
  values: [petId],
});

export const selectItems: pg.QueryConfig = {
  name: "medical_items",
  text: "SELECT id, item FROM treatment_items ORDER BY id",
};

/** Holds item `id` until the transaction ends: two changes of one item queue. */
export const lockItem = (id: number): pg.QueryConfig => ({
  name: "medical_lock_item",
  text: "SELECT id FROM treatment_items WHERE id = $1 FOR NO KEY UPDATE",
  values: [id],
});

/** A refused write burns its id (a gap, never a reuse), as a rolled-back pet's does. */
export const nextItemId: pg.QueryConfig = {
  name: "medical_next_item",
  text: "SELECT nextval('treatment_items_id_seq') AS id",
};
export const nextEntryId: pg.QueryConfig = {
  name: "medical_next_entry",
  text: "SELECT nextval('medical_entries_id_seq') AS id",
};

const itemFields = (item: TreatmentItem) => JSON.stringify({ ...item, id: undefined });

export const upsertItem = (item: TreatmentItem): pg.QueryConfig => ({
  name: "medical_upsert_item",
  text: "INSERT INTO treatment_items (id, item) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET item = EXCLUDED.item",
  values: [item.id, itemFields(item)],
});

const ENTRY_COLUMNS = "id, pet_id, entry";

export const selectPetEntries = (petId: number): pg.QueryConfig => ({
  name: "medical_entries_of_pet",
  text: `SELECT ${ENTRY_COLUMNS} FROM medical_entries WHERE pet_id = $1 ORDER BY given_on, id`,
  values: [petId],
});

export const selectEntry = (id: number, forUpdate = false): pg.QueryConfig => ({
  name: forUpdate ? "medical_entry_locking" : "medical_entry",
  text: `SELECT ${ENTRY_COLUMNS} FROM medical_entries WHERE id = $1${forUpdate ? " FOR NO KEY UPDATE" : ""}`,
  values: [id],
});

/** Each pet's latest entry per item (by day given, then id), kept when its next due day is on or before `until`. */
export const selectDueBy = (until: string): pg.QueryConfig => ({
  name: "medical_due_by",
  text: `SELECT ${ENTRY_COLUMNS} FROM (
      SELECT DISTINCT ON (pet_id, item_id) ${ENTRY_COLUMNS}, next_due FROM medical_entries
      ORDER BY pet_id, item_id, given_on DESC, id DESC
    ) latest
    WHERE next_due <= $1 ORDER BY next_due, id`,
  values: [until],
});

function entryValues(entry: MedicalEntry) {
  const { id, petId, ...fields } = entry;
  return [id, petId, entry.itemId, entry.givenOn, entry.nextDue ?? null, JSON.stringify(fields)];
}

export const insertEntry = (entry: MedicalEntry): pg.QueryConfig => ({
  name: "medical_insert_entry",
  text: `INSERT INTO medical_entries (id, pet_id, item_id, given_on, next_due, entry) VALUES ($1, $2, $3, $4, $5, $6)`,
  values: entryValues(entry),
});

export const updateEntry = (entry: MedicalEntry): pg.QueryConfig => ({
  name: "medical_update_entry",
  text: `UPDATE medical_entries SET pet_id = $2, item_id = $3, given_on = $4, next_due = $5, entry = $6 WHERE id = $1`,
  values: entryValues(entry),
});

export const insertCorrection = (
  subject: "entry" | "health",
  subjectId: number,
  at: string,
  fields: string[],
  reason: string,
): pg.QueryConfig => ({
  name: "medical_insert_correction",
  text: "INSERT INTO medical_corrections (subject, subject_id, at, fields, reason) VALUES ($1, $2, $3, $4, $5)",
  values: [subject, subjectId, at, JSON.stringify(fields), reason],
});

export const selectHealth = (petId: number): pg.QueryConfig => ({
  name: "medical_health",
  text: "SELECT facts FROM health_facts WHERE pet_id = $1",
  values: [petId],
});

export const upsertHealth = (petId: number, facts: HealthFacts): pg.QueryConfig => ({
  name: "medical_upsert_health",
  text: "INSERT INTO health_facts (pet_id, facts) VALUES ($1, $2) ON CONFLICT (pet_id) DO UPDATE SET facts = EXCLUDED.facts",
  values: [petId, JSON.stringify(facts)],
});

export const selectSpecies: pg.QueryConfig = {
  name: "medical_species",
  text: "SELECT category_id, species FROM category_species",
};

/** Sets a category's species; answers a row only when it changed. */
export const upsertSpecies = (categoryId: number, species: SacSpecies): pg.QueryConfig => ({
  name: "medical_upsert_species",
  text: `INSERT INTO category_species (category_id, species) VALUES ($1, $2)
    ON CONFLICT (category_id) DO UPDATE SET species = EXCLUDED.species
    WHERE category_species.species <> EXCLUDED.species RETURNING category_id`,
  values: [categoryId, species],
});
