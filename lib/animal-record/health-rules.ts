import type { HealthFacts, HealthFactsCorrection, WeightEntry } from "./health-schemas";
import { ReasonRequiredError } from "./record-errors";

/*
 * Changing the animal's health facts. Recording what was unknown is daily work (the chip
 * scanned, the surgery done); changing what was recorded is a correction and needs a reason.
 */

// Key order aside: a value sent again unchanged is not a change.
const canonical = (value: object) => JSON.stringify(value, Object.keys(value).sort());
const same = (a: object, b: object | null) => b !== null && canonical(a) === canonical(b);

export function changeHealthFacts(current: HealthFacts, patch: HealthFactsCorrection): HealthFacts {
  const next: HealthFacts = { ...current };
  for (const field of ["spayNeuter", "microchip"] as const) {
    const value = patch[field];
    if (value === undefined) continue;
    const recorded = current[field];
    if (recorded !== undefined && !same(recorded, value) && patch.reason === undefined) {
      throw new ReasonRequiredError(field === "microchip" ? "the recorded microchip" : "the recorded spay/neuter");
    }
    if (value === null) delete next[field];
    else Object.assign(next, { [field]: value });
  }
  return next;
}

/** Adds a weighing, keeping the history in day order; a second weighing on a day replaces the first. */
export function addWeight(current: HealthFacts, weight: WeightEntry): HealthFacts {
  const weights = [...current.weights.filter((each) => each.on !== weight.on), weight];
  return { ...current, weights: weights.sort((a, b) => a.on.localeCompare(b.on)) };
}
