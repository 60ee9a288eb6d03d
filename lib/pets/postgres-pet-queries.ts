import "server-only";
import type pg from "pg";
import type { Pet, PetProfile, PetStatus } from "@/lib/pets/schemas";
import { canonicalProfile, hasProfile, listingOf } from "@/lib/pets/apply-patch";

/**
 * The statements the store runs, named so each connection parses and plans them once.
 * Lists read limit + 1 rows: the extra row only says whether another page follows.
 * A filtered list and an unfiltered one are separate statements, so each keeps a plan
 * that walks its index ((status, id DESC) or the primary key) instead of a generic one.
 */
export const COLUMNS = "id, name, category_id, status, profile, listed";

export interface PetRow {
  id: string; // bigint arrives as text; the id_range constraint keeps it a safe integer
  name: string;
  category_id: string;
  status: PetStatus;
  /** The profile object (migration 1795564800002), validated by the zod schema on write. */
  profile?: PetProfile | null;
  /** Whether adopters see it (migration 1796169600215, docs/decisions/215). */
  listed?: boolean;
}

export function toPet(row: PetRow): Pet {
  const pet = { id: Number(row.id), name: row.name, categoryId: Number(row.category_id), status: row.status };
  return { ...pet, ...(row.profile ? canonicalProfile(row.profile) : {}), ...listingOf(row) };
}

/** The profile as the jsonb parameter to store, or null for none. */
export function profileParam(pet: PetProfile): string | null {
  const profile = canonicalProfile(pet);
  return hasProfile(profile) ? JSON.stringify(profile) : null;
}

export const selectPet = (id: number): pg.QueryConfig => ({
  name: "pets_select",
  text: `SELECT ${COLUMNS} FROM pets WHERE id = $1`,
  values: [id],
});

export const firstPage = (rows: number, status?: PetStatus): pg.QueryConfig =>
  status
    ? {
        name: "pets_first_by_status",
        text: `SELECT ${COLUMNS} FROM pets WHERE status = $1 ORDER BY status, id DESC LIMIT $2`,
        values: [status, rows],
      }
    : { name: "pets_first", text: `SELECT ${COLUMNS} FROM pets ORDER BY id DESC LIMIT $1`, values: [rows] };

/**
 * The page after the pet a cursor names. The cursor's pet must exist and match the
 * filter (else the cursor is refused): it is the driving row, and the page is joined to
 * it, so "no such anchor" (no rows at all) differs from "an empty page" (one row of nulls).
 */
export const pageAfter = (afterId: number, rows: number, status?: PetStatus): pg.QueryConfig =>
  status
    ? {
        name: "pets_after_by_status",
        text: `SELECT p.id, p.name, p.category_id, p.status, p.profile, p.listed FROM pets a
               LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM pets
                 WHERE status = $2 AND id < a.id ORDER BY status, id DESC LIMIT $3) p ON true
               WHERE a.id = $1 AND a.status = $2`,
        values: [afterId, status, rows],
      }
    : {
        name: "pets_after",
        text: `SELECT p.id, p.name, p.category_id, p.status, p.profile, p.listed FROM pets a
               LEFT JOIN LATERAL (SELECT ${COLUMNS} FROM pets
                 WHERE id < a.id ORDER BY id DESC LIMIT $2) p ON true
               WHERE a.id = $1`,
        values: [afterId, rows],
      };

/** Pets per status, for the metrics gauge (a scan of the status index, read when scraped). */
export const countPetsByStatus: pg.QueryConfig = {
  text: "SELECT status, count(*) AS count FROM pets GROUP BY status",
};
