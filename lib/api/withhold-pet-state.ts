import "server-only";
import { PetNotAvailableError, PetNotFoundError } from "@/lib/pets/pet-errors";
import type { Caller } from "@/lib/keys/caller";
import { ApiError } from "./api-error";

/**
 * A refused order, as a key without pets:read may see it (docs/decisions/133): neither the
 * pet's status nor whether the pet exists, which that scope would grant. A pet that is not
 * available and a petId that names no pet get the same 409 pet_not_available, without
 * `currentStatus`. Anything else, and any refusal to a key with pets:read, is left as is.
 */
export function withholdPetState(caller: Caller | undefined, error: unknown): unknown {
  if (caller?.scopes.includes("pets:read")) return error;
  if (!(error instanceof PetNotAvailableError || error instanceof PetNotFoundError)) return error;
  return new ApiError(
    409,
    "pet_not_available",
    "No available pet has this petId, so it cannot be ordered. Its status is shown only to keys with pets:read.",
  );
}
