import "server-only";
import type pg from "pg";
import type { Pet, PetStatus } from "@/lib/pets/schemas";
import { COLUMNS, profileParam } from "./postgres-pet-queries";

/**
 * Correcting a pet (docs/decisions/155, 170), in one transaction: the pet's row is locked
 * first (FOR UPDATE), so an order being placed for it (which updates the same row) waits
 * or has committed, and the open-order check that follows sees it.
 */
export const selectPetHeld = (petId: number): pg.QueryConfig => ({
  name: "pets_select_held",
  text: "SELECT EXISTS (SELECT 1 FROM orders WHERE pet_id = $1 AND status IN ('placed', 'approved')) AS held",
  values: [petId],
});

export const selectPetForUpdate = (petId: number): pg.QueryConfig => ({
  name: "pets_select_for_update",
  text: `SELECT ${COLUMNS} FROM pets WHERE id = $1 FOR UPDATE`,
  values: [petId],
});

export const updatePetRow = (pet: Pet): pg.QueryConfig => ({
  name: "pets_update",
  text: `UPDATE pets SET name = $2, category_id = $3, status = $4, profile = $5::jsonb, listed = $6
         WHERE id = $1 RETURNING ${COLUMNS}`,
  values: [pet.id, pet.name, pet.categoryId, pet.status, profileParam(pet), pet.listed !== false],
});

export const insertStatusChange = (petId: number, from: PetStatus, to: PetStatus, reason: string): pg.QueryConfig => ({
  name: "pets_insert_status_change",
  text: "INSERT INTO pet_status_changes (pet_id, from_status, to_status, reason) VALUES ($1, $2, $3, $4)",
  values: [petId, from, to, reason],
});
