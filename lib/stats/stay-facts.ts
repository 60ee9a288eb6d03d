import { sacAgeGroupOn, type SacAgeGroup } from "@/lib/animal-record/sac-age-group";
import type { SacAnimal } from "@/lib/animal-record/sac-month";
import { SAC_SPECIES, speciesOf, type CategorySpecies, type SacSpecies } from "@/lib/animal-record/sac-species";
import type { Stay } from "@/lib/animal-record/stay-schemas";
import { cellKey, intakeLinesOf, outcomeLinesOf, type MatrixSection } from "./matrix-lines";
import { dayNumberOf, daysFromCivil, momentMs, zonedDays, type ZonedDays } from "./zoned-days";

/*
 * Every figure is counted from stays. Turning a moment into the shelter's day is the dearest
 * step, so each stay's days, species, ages and matrix cells are worked out once, here (days
 * by ./zoned-days.ts), and every figure is then one pass over these facts: linear in the
 * stays (docs/decisions/262, 264).
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
  /** YYYY-MM of those days: the trend's months. */
  intakeMonth: string;
  outcomeMonth: string | undefined;
  /** SAC's age group on the intake's day, and on the outcome's day. */
  intakeAge: SacAgeGroup;
  outcomeAge: SacAgeGroup | undefined;
  /** lengthOfStayDays(stay), worked out once: every period's lengths of stay and the records export read it. */
  lengthDays: number | undefined;
  /**
   * The matrix's cells (./basic-data-matrix.ts) the intake counts in, its row and a transfer's
   * distance line, and those the outcome counts in (none while open); one array for stays alike.
   */
  intakeCells: readonly string[];
  outcomeCells: readonly string[];
};

const NO_CELLS: readonly string[] = Object.freeze([]);

export function stayFactsOf(animals: readonly SacAnimal[], mapping: CategorySpecies, timeZone: string): StayFacts[] {
  const facts: StayFacts[] = [];
  const days = zonedDays(timeZone);
  const intakeCellsOf = cellsOfParts("intake", intakeLinesOf);
  const outcomeCellsOf = cellsOfParts("outcome", outcomeLinesOf);
  for (const animal of animals) {
    const species = speciesOf(animal.categoryId, mapping);
    const group = SPECIES_ORDER.indexOf(species) * AGE_GROUPS.length;
    const { birthDate } = animal;
    const ages = sacAgesOf(birthDate);
    for (const stay of animal.stays) {
      const intakeMs = momentMs(stay.intake.at);
      const intakeDay = days.dayAt(intakeMs);
      const intakeAge = ageGroupOn(ages, birthDate, intakeDay, days);
      let outcomeDay: number | undefined;
      let outcomeAge: SacAgeGroup | undefined;
      let outcomeCells = NO_CELLS;
      let lengthDays: number | undefined;
      if (stay.outcome) {
        const outcomeMs = momentMs(stay.outcome.at);
        outcomeDay = days.dayAt(outcomeMs);
        outcomeAge = ageGroupOn(ages, birthDate, outcomeDay, days);
        outcomeCells = outcomeCellsOf(stay.outcome, species, outcomeAge, group + AGE_GROUPS.indexOf(outcomeAge));
        lengthDays = lengthInDays(intakeMs, outcomeMs);
      }
      facts.push({
        ref: { petId: stay.petId, stayId: stay.id },
        species,
        stay,
        intakeDay: days.nameOf(intakeDay),
        outcomeDay: outcomeDay === undefined ? undefined : days.nameOf(outcomeDay),
        intakeMonth: days.monthOf(intakeDay),
        outcomeMonth: outcomeDay === undefined ? undefined : days.monthOf(outcomeDay),
        intakeAge,
        outcomeAge,
        lengthDays,
        intakeCells: intakeCellsOf(stay.intake, species, intakeAge, group + AGE_GROUPS.indexOf(intakeAge)),
        outcomeCells,
      });
    }
  }
  return facts;
}

const AGE_GROUPS: readonly SacAgeGroup[] = ["up_to_5_months", "adult", "unknown"];

/**
 * The cells an intake or an outcome counts in: a few dozen distinct lists, each made once,
 * found by type, subtype and the species and age group's number (`group`).
 */
function cellsOfParts<T extends { type: string; subtype?: string }>(
  section: MatrixSection,
  linesOf: (part: T) => string[],
) {
  const made = new Map<string, Map<string | undefined, (readonly string[])[]>>();
  return (part: T, species: Species, age: SacAgeGroup, group: number): readonly string[] => {
    let bySubtype = made.get(part.type);
    if (!bySubtype) made.set(part.type, (bySubtype = new Map()));
    let byGroup = bySubtype.get(part.subtype);
    if (!byGroup) bySubtype.set(part.subtype, (byGroup = []));
    let keys = byGroup[group];
    if (!keys) byGroup[group] = keys = Object.freeze(linesOf(part).map((line) => cellKey(section, line, species, age)));
    return keys;
  };
}

/**
 * sacAgeGroupOn (lib/animal-record/sac-age-group.ts) as day numbers, for every stay of an
 * animal: unknown before its birth date, up to 5 months before the day its fifth month's
 * birthday falls on (born 31 August: 31 January, so 1 February as January has 31 days; born 30
 * September: 1 March), adult from then; undefined when the birth date is missing or not a day.
 * A test holds the two equal.
 */
export function sacAgesOf(birthDate: string | undefined): SacAges | undefined {
  const born = birthDate === undefined ? NaN : dayNumberOf(birthDate);
  if (Number.isNaN(born)) return undefined;
  // The birth date is a YYYY-MM-DD day (dayNumberOf said so): its fields by arithmetic.
  const text = birthDate as string;
  const months = (digitAt(text, 0) * 1000 + digitAt(text, 1) * 100 + digitAt(text, 2) * 10 + digitAt(text, 3)) * 12;
  const later = months + digitAt(text, 5) * 10 + digitAt(text, 6) - 1 + 5;
  const year = Math.floor(later / 12);
  const month = (later % 12) + 1;
  const fifth = daysFromCivil(year, month, digitAt(text, 8) * 10 + digitAt(text, 9));
  // A day past the month's end (30 February) counts from the next month's first.
  return { born, adultFrom: Math.min(fifth, daysFromCivil(year, month + 1, 1)) };
}

type SacAges = { born: number; adultFrom: number };

const digitAt = (text: string, at: number) => text.charCodeAt(at) - 48;

/** The group on day number `day` of an animal born on `birthDate`, by its `ages` when that is a day. */
function ageGroupOn(ages: SacAges | undefined, birthDate: string | undefined, day: number, days: ZonedDays) {
  if (!ages) return sacAgeGroupOn(birthDate, days.nameOf(day));
  return day < ages.born ? "unknown" : day < ages.adultFrom ? "up_to_5_months" : "adult";
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
  return stay.outcome ? lengthInDays(Date.parse(stay.intake.at), Date.parse(stay.outcome.at)) : undefined;
}

const lengthInDays = (intakeMs: number, outcomeMs: number) =>
  Math.round(((outcomeMs - intakeMs) / MS_PER_DAY) * 100) / 100;
