import "server-only";
import { ApiError } from "./api-error";

/**
 * A petId is a positive decimal integer with no sign, leading zero or exponent; anything
 * else is a 400 `invalid_pet_id`, since it could never name a pet. A well-formed id above
 * 2^53-1 is valid int64 but can never be assigned here: undefined, which answers 404.
 */
export function parsePetId(text: string): number | undefined {
  if (!/^[1-9][0-9]*$/.test(text)) {
    throw new ApiError(400, "invalid_pet_id", "petId must be a positive integer such as 42.", [
      { field: "petId", message: "must be a positive integer" },
    ]);
  }
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}
