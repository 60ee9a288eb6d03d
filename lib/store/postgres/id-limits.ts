import { IdSpaceExhaustedError } from "@/lib/errors/store-errors";

/*
 * Every id column carries CHECK (id BETWEEN 1 AND 2^53−1) (migrations/): a next id past it
 * (a pet or order identity, or a category's MAX(id) + 1) fails that check. That is the
 * client's refusal, 409 id_space_exhausted, not a fault: and the driver's error carries the
 * failing row (a name, an adopter), which must not reach the log (docs/decisions/130).
 * Which constraint and sequence are whose is the resource's to say, beside its queries
 * (docs/decisions/314): the engine knows only how PostgreSQL says that ids ran out.
 */

/** Where one resource's ids run out: its id range's CHECK constraint and, for an identity column, its sequence. */
export interface IdLimit {
  kind: IdSpaceExhaustedError["kind"];
  constraint: string;
  sequence?: string;
}

const CHECK_VIOLATION = "23514";
// An identity sequence that reached its MAXVALUE (bigint's, unless set lower).
const SEQUENCE_LIMIT = "2200H";

/** IdSpaceExhaustedError for a driver error that means "no id is left" in one of `limits`, else the error itself. */
export function asIdSpaceExhausted(error: unknown, limits: readonly IdLimit[]): unknown {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  const ranOut =
    code === CHECK_VIOLATION
      ? limits.find((limit) => limit.constraint === constraint)
      : code === SEQUENCE_LIMIT && typeof message === "string"
        ? limits.find((limit) => limit.sequence !== undefined && message.includes(`"${limit.sequence}"`))
        : undefined;
  return ranOut ? new IdSpaceExhaustedError(ranOut.kind) : error;
}

/** Rethrows what `write` throws, as IdSpaceExhaustedError where it means that ids of `limits` ran out. */
export async function refusingIdOverflow<T>(limits: readonly IdLimit[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw asIdSpaceExhausted(error, limits);
  }
}
