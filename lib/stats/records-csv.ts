import { sacIntakeRow, sacOutcomeRow, outcomeGroup } from "@/lib/animal-record/sac-mapping";
import { csvLine, type CsvValue } from "./csv";
import type { Period } from "./period";
import type { StayFacts } from "./stay-facts";

/*
 * Every stay the shelter had in care during a period, one line each, for its own analysis
 * (docs/decisions/263): a stay is in the period when it began on or before its last day and
 * had not ended before its first. Ids, species, ages, types, days and moments only: never a
 * `personal` part (who brought or took the animal, carers, notes), nor a name. Lines are
 * yielded one by one so a large period streams.
 */

type Column = { header: string; value: (facts: StayFacts) => CsvValue };

export const RECORD_COLUMNS: readonly Column[] = [
  { header: "pet_id", value: (f) => f.ref.petId },
  { header: "stay_id", value: (f) => f.ref.stayId },
  { header: "species", value: (f) => f.species },
  { header: "intake_at", value: (f) => f.stay.intake.at },
  { header: "intake_day", value: (f) => f.intakeDay },
  { header: "intake_type", value: (f) => f.stay.intake.type },
  { header: "intake_subtype", value: (f) => f.stay.intake.subtype },
  { header: "intake_sac_row", value: (f) => sacIntakeRow(f.stay.intake.type) },
  { header: "intake_condition", value: (f) => f.stay.intake.condition },
  { header: "age_group_at_intake", value: (f) => f.intakeAge },
  { header: "outcome_at", value: (f) => f.stay.outcome?.at },
  { header: "outcome_day", value: (f) => f.outcomeDay },
  { header: "outcome_type", value: (f) => f.stay.outcome?.type },
  { header: "outcome_subtype", value: (f) => f.stay.outcome?.subtype },
  { header: "outcome_sac_row", value: (f) => (f.stay.outcome ? sacOutcomeRow(f.stay.outcome.type) : undefined) },
  { header: "outcome_group", value: (f) => (f.stay.outcome ? outcomeGroup(f.stay.outcome.type) : undefined) },
  { header: "age_group_at_outcome", value: (f) => f.outcomeAge },
  { header: "length_of_stay_days", value: (f) => f.lengthDays },
  { header: "foster_placements", value: (f) => f.stay.placements.length },
];

export const isInPeriod = (facts: StayFacts, period: Period) =>
  facts.intakeDay <= period.last && (facts.outcomeDay === undefined || facts.outcomeDay >= period.first);

/** The header line, then one line per stay in care during the period, in the order given. */
export function* recordsCsv(facts: readonly StayFacts[], period: Period): Generator<string> {
  yield csvLine(RECORD_COLUMNS.map((column) => column.header));
  for (const each of facts) {
    if (isInPeriod(each, period)) yield csvLine(RECORD_COLUMNS.map((column) => column.value(each)));
  }
}
