import { INTAKE_SUBTYPES, INTAKE_TYPES } from "@/lib/animal-record/intake-types";
import { OUTCOME_SUBTYPES, OUTCOME_TYPES } from "@/lib/animal-record/outcome-types";
import type { SacAnimal } from "@/lib/animal-record/sac-month";
import type { CategorySpecies } from "@/lib/animal-record/sac-species";
import type { Stay } from "@/lib/animal-record/stay-schemas";

/*
 * A made-up shelter of any size, the same every time (a fixed pseudo-random sequence): the
 * scale test's and the statistics bench's input. One stay an animal, of 0 to 120 days, some
 * in foster, some still open; every intake and outcome type with a subtype it takes.
 */

export const SYNTHETIC_MAPPING: CategorySpecies = new Map([
  [1, "canine"],
  [2, "feline"],
  [3, "rabbit"],
]);

/** Park and Miller's minimal standard generator: enough for test data. */
function sequence(seed: number) {
  let state = seed;
  return () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
}

const DAY_MS = 86_400_000;

export function syntheticShelter({
  animals,
  firstYear,
  years,
}: {
  animals: number;
  firstYear: number;
  years: number;
}): SacAnimal[] {
  const next = sequence(42);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
  const start = Date.UTC(firstYear, 0, 1);
  const span = Date.UTC(firstYear + years, 0, 1) - start;
  return Array.from({ length: animals }, (_, index) => {
    const intakeMs = start + Math.floor(next() * span);
    const lengthMs = Math.floor(next() * 120 * DAY_MS);
    const intakeType = pick(INTAKE_TYPES);
    const outcomeType = pick(OUTCOME_TYPES);
    const intakeSubtype = INTAKE_SUBTYPES[intakeType].length ? pick(INTAKE_SUBTYPES[intakeType]) : undefined;
    const outcomeSubtype = OUTCOME_SUBTYPES[outcomeType].length ? pick(OUTCOME_SUBTYPES[outcomeType]) : undefined;
    const open = next() < 0.03;
    const fosterFrom = new Date(intakeMs + lengthMs / 4).toISOString().slice(0, 10);
    const fosterUntil = new Date(intakeMs + lengthMs / 2).toISOString().slice(0, 10);
    const stay: Stay = {
      id: index + 1,
      petId: index + 1,
      intake: {
        at: new Date(intakeMs).toISOString(),
        type: intakeType,
        ...(intakeSubtype ? { subtype: intakeSubtype } : {}),
        condition: "healthy",
        sourceKind: "unknown",
      },
      ...(open
        ? {}
        : {
            outcome: {
              at: new Date(intakeMs + lengthMs).toISOString(),
              type: outcomeType,
              ...(outcomeSubtype ? { subtype: outcomeSubtype } : {}),
            },
          }),
      placements: next() < 0.1 ? [{ id: index + 1, from: fosterFrom, until: fosterUntil }] : [],
    };
    const born = intakeMs - Math.floor(next() * 8 * 365 * DAY_MS);
    return {
      categoryId: 1 + Math.floor(next() * 4), // 4 is not mapped
      ...(next() < 0.9 ? { birthDate: new Date(born).toISOString().slice(0, 10) } : {}),
      stays: [stay],
    };
  });
}
