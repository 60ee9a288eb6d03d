import type { NewTreatmentItem } from "./treatment-item-schemas";

/**
 * The common list a new shelter is offered in one click (docs/decisions/257): nothing is
 * seeded, since intervals are the shelter's vet's and the local law's to set (rabies boosters
 * are yearly or every three years depending on the state and the vaccine), but most start
 * from these. Intervals follow the common shelter protocols (the Association of Shelter
 * Veterinarians' guidelines): the puppy and kitten series repeat every two weeks while young,
 * boosters yearly; tests are done once. The console posts each to POST /v1/medical/items.
 */
export const SUGGESTED_ITEMS: readonly NewTreatmentItem[] = [
  { name: "Rabies", kind: "vaccination", repeatEvery: { count: 1, unit: "years" } },
  { name: "DHPP (puppy series)", kind: "vaccination", repeatEvery: { count: 2, unit: "weeks" } },
  { name: "DHPP booster", kind: "vaccination", repeatEvery: { count: 1, unit: "years" } },
  { name: "FVRCP (kitten series)", kind: "vaccination", repeatEvery: { count: 2, unit: "weeks" } },
  { name: "FVRCP booster", kind: "vaccination", repeatEvery: { count: 1, unit: "years" } },
  { name: "FeLV/FIV test", kind: "test" },
  { name: "Deworming", kind: "treatment", repeatEvery: { count: 3, unit: "months" } },
];
