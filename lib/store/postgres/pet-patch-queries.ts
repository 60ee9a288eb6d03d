import "server-only";
import type pg from "pg";
import type { PetStatus } from "@/lib/pets/schemas";

/**
 * Correcting a pet's status (docs/decisions/155). The UPDATE names the status the pet was
 * read with: an order placed since then made it `pending` in its own statement, so the
 * row no longer matches and the caller reads again, and finds the order.
 */
export const selectPetHeld = (petId: number): pg.QueryConfig => ({
  name: "pets_select_held",
  text: "SELECT EXISTS (SELECT 1 FROM orders WHERE pet_id = $1 AND status IN ('placed', 'approved')) AS held",
  values: [petId],
});

export const correctPetStatus = (petId: number, from: PetStatus, to: PetStatus, reason: string): pg.QueryConfig => ({
  name: "pets_correct_status",
  text: `WITH p AS (
           UPDATE pets SET status = $3 WHERE id = $1 AND status = $2
             AND NOT EXISTS (SELECT 1 FROM orders WHERE pet_id = $1 AND status IN ('placed', 'approved'))
           RETURNING id, name, category_id, status
         ), c AS (
           INSERT INTO pet_status_changes (pet_id, from_status, to_status, reason) SELECT id, $2, $3, $4 FROM p
         )
         SELECT * FROM p`,
  values: [petId, from, to, reason],
});
