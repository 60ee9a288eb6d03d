import { IdSpaceExhaustedError } from "@/lib/errors/store-errors";

/** `candidate` as the next id of its kind, or IdSpaceExhaustedError past 2^53−1 (docs/decisions/130). */
export function checkedId(candidate: number, kind: ConstructorParameters<typeof IdSpaceExhaustedError>[0]): number {
  if (candidate > Number.MAX_SAFE_INTEGER) throw new IdSpaceExhaustedError(kind);
  return candidate;
}
