import { IdSpaceExhaustedError } from "@/lib/errors/store-errors";

/*
 * Every id column carries CHECK (id BETWEEN 1 AND 2^53−1) (migrations/): a next id past it
 * (a pet or order identity, or a category's MAX(id) + 1) fails that check. That is the
 * client's refusal, 409 id_space_exhausted, not a fault: and the driver's error carries the
 * failing row (a name, an adopter), which must not reach the log (docs/decisions/130).
 */
const ID_RANGE_CONSTRAINTS: Record<string, IdSpaceExhaustedError["kind"]> = {
  pets_id_range: "pet",
  orders_id_range: "order",
  categories_id_range: "category",
};
const CHECK_VIOLATION = "23514";
// An identity sequence that reached its MAXVALUE (bigint's, unless set lower).
const SEQUENCE_LIMIT = "2200H";
const SEQUENCES: Record<string, IdSpaceExhaustedError["kind"]> = { pets_id_seq: "pet", orders_id_seq: "order" };

/** IdSpaceExhaustedError for a driver error that means "no id is left", else the error itself. */
export function asIdSpaceExhausted(error: unknown): unknown {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === CHECK_VIOLATION && typeof constraint === "string" && constraint in ID_RANGE_CONSTRAINTS) {
    return new IdSpaceExhaustedError(ID_RANGE_CONSTRAINTS[constraint] as IdSpaceExhaustedError["kind"]);
  }
  if (code === SEQUENCE_LIMIT && typeof message === "string") {
    const sequence = Object.keys(SEQUENCES).find((name) => message.includes(`"${name}"`));
    if (sequence) return new IdSpaceExhaustedError(SEQUENCES[sequence] as IdSpaceExhaustedError["kind"]);
  }
  return error;
}

/** Rethrows what `write` throws, as IdSpaceExhaustedError where it means that. */
export async function refusingIdOverflow<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw asIdSpaceExhausted(error);
  }
}
