import { sacAgeGroupOn, type SacAgeGroup } from "@/lib/animal-record/sac-age-group";
import type { SacAnimal } from "@/lib/animal-record/sac-month";
import { SAC_SPECIES, speciesOf, type CategorySpecies, type SacSpecies } from "@/lib/animal-record/sac-species";
import type { Stay } from "@/lib/animal-record/stay-schemas";
import { daysInZone } from "./zoned-days";

/*
 * Every figure is counted from stays. Turning a moment into the shelter's day is the dearest
 * step, so each stay's days, species and ages are worked out once, here (days by
 * ./zoned-days.ts), and every figure is then one pass over these facts: linear in the stays
 * (docs/decisions/262, 264).
 */

export type Species = SacSpecies | "unmapped";
/** SAC's species in its order, then categories no one has mapped yet. */
export const SPECIES_ORDER: readonly Species[] = [...SAC_SPECIES, "unmapped"];

/** What a figure's drill-down lists: the animal and the stay. */
export type StayRef = { petId: number; stayId: number };

export type StayFacts = {
  ref: StayRef;
  species: Species;
  stay: Stay;
  /** YYYY-MM-DD in the shelter's zone. */
  intakeDay: string;
  outcomeDay: string | undefined;
  /** SAC's age group on the intake's day, and on the outcome's day. */
  intakeAge: SacAgeGroup;
  outcomeAge: SacAgeGroup | undefined;
  /** lengthOfStayDays(stay), worked out once: every period's lengths of stay and the records export read it. */
  lengthDays: number | undefined;
};

export function stayFactsOf(animals: readonly SacAnimal[], mapping: CategorySpecies, timeZone: string): StayFacts[] {
  const facts: StayFacts[] = [];
  const dayOf = daysInZone(timeZone);
  for (const animal of animals) {
    const species = speciesOf(animal.categoryId, mapping);
    for (const stay of animal.stays) {
      const intakeDay = dayOf(stay.intake.at);
      const outcomeDay = stay.outcome ? dayOf(stay.outcome.at) : undefined;
      facts.push({
        ref: { petId: stay.petId, stayId: stay.id },
        species,
        stay,
        intakeDay,
        outcomeDay,
        intakeAge: sacAgeGroupOn(animal.birthDate, intakeDay),
        outcomeAge: outcomeDay === undefined ? undefined : sacAgeGroupOn(animal.birthDate, outcomeDay),
        lengthDays: lengthOfStayDays(stay),
      });
    }
  }
  return facts;
}

/**
 * Where the stay's animal is at the end of `day`, as lib/animal-record/whereabouts.ts decides
 * it (same rule, kept equal by a test), but for one stay, so a census can list its stays.
 */
export function whereAtEndOf(facts: StayFacts, day: string): "shelter" | "foster" | "not_in_care" {
  if (facts.intakeDay > day || (facts.outcomeDay !== undefined && facts.outcomeDay <= day)) return "not_in_care";
  const fostered = facts.stay.placements.some(
    (placement) => placement.from <= day && (placement.until === undefined || placement.until > day),
  );
  return fostered ? "foster" : "shelter";
}

const MS_PER_DAY = 86_400_000;

/**
 * A stay's length in days, from the intake's moment to the outcome's, rounded to the hundredth
 * of a day (about 15 minutes); undefined while the stay is open (docs/decisions/262).
 */
export function lengthOfStayDays(stay: Stay): number | undefined {
  if (!stay.outcome) return undefined;
  const days = (Date.parse(stay.outcome.at) - Date.parse(stay.intake.at)) / MS_PER_DAY;
  return Math.round(days * 100) / 100;
}
