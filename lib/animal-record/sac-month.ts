import { addDays, dayOf } from "./calendar-day";
import { sacAgeGroupOn, type SacAgeGroup } from "./sac-age-group";
import { sacIntakeRow, sacOutcomeRow, type SacIntakeRow, type SacOutcomeRow } from "./sac-mapping";
import { speciesOf, type CategorySpecies, type SacSpecies } from "./sac-species";
import type { Stay } from "./stay-schemas";
import { censusOn, type CensusCount } from "./whereabouts";

/*
 * One month of Shelter Animals Count's matrix, counted from the stays (docs/decisions/248):
 * intakes and outcomes by row, species and age group (age on the intake's or outcome's day),
 * and the animals in the shelter and in foster at the month's beginning and end. Nothing of
 * it is stored: a corrected stay corrects the next report.
 */

export type SacAnimal = { categoryId: number; birthDate?: string; stays: readonly Stay[] };

export type SacCount<Row> = { row: Row; species: SacSpecies | "unmapped"; ageGroup: SacAgeGroup; count: number };

export type SacMonth = {
  month: string;
  intakes: SacCount<SacIntakeRow>[];
  outcomes: SacCount<SacOutcomeRow>[];
  beginning: Map<SacSpecies | "unmapped", CensusCount>;
  ending: Map<SacSpecies | "unmapped", CensusCount>;
};

/** `month` is YYYY-MM, in the shelter's `timeZone`. */
export function sacMonth(
  animals: readonly SacAnimal[],
  mapping: CategorySpecies,
  month: string,
  timeZone: string,
): SacMonth {
  const first = `${month}-01`;
  const last = addDays(addMonth(first), -1);
  const inMonth = (moment: string) => dayOf(moment, timeZone).startsWith(`${month}-`);
  const intakes = new Counter<SacIntakeRow>();
  const outcomes = new Counter<SacOutcomeRow>();
  const census: { species: SacSpecies | "unmapped"; stays: readonly Stay[] }[] = [];
  for (const animal of animals) {
    const species = speciesOf(animal.categoryId, mapping);
    census.push({ species, stays: animal.stays });
    for (const stay of animal.stays) {
      if (inMonth(stay.intake.at)) {
        const age = sacAgeGroupOn(animal.birthDate, dayOf(stay.intake.at, timeZone));
        intakes.add(sacIntakeRow(stay.intake.type), species, age);
      }
      if (stay.outcome && inMonth(stay.outcome.at)) {
        const age = sacAgeGroupOn(animal.birthDate, dayOf(stay.outcome.at, timeZone));
        outcomes.add(sacOutcomeRow(stay.outcome.type), species, age);
      }
    }
  }
  return {
    month,
    intakes: intakes.rows(),
    outcomes: outcomes.rows(),
    // The end of the day before the month begins is its beginning.
    beginning: censusOn(census, addDays(first, -1), timeZone),
    ending: censusOn(census, last, timeZone),
  };
}

function addMonth(firstDay: string): string {
  const [year, month] = firstDay.split("-").map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
}

class Counter<Row extends string> {
  private readonly counts = new Map<string, SacCount<Row>>();

  add(row: Row, species: SacSpecies | "unmapped", ageGroup: SacAgeGroup): void {
    const key = `${row}/${species}/${ageGroup}`;
    const count = this.counts.get(key) ?? { row, species, ageGroup, count: 0 };
    count.count++;
    this.counts.set(key, count);
  }

  rows(): SacCount<Row>[] {
    return [...this.counts.values()].sort(
      (a, b) =>
        a.row.localeCompare(b.row) || a.species.localeCompare(b.species) || a.ageGroup.localeCompare(b.ageGroup),
    );
  }
}
