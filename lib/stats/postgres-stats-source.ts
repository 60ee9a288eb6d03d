import "server-only";
import type pg from "pg";
import type { Database } from "@/lib/store/postgres/pool";
import type { Intake, Outcome, Stay } from "@/lib/animal-record/stay-schemas";
import type { ReadMapping, StatsAnimal, StatsSource } from "./stats-source";

/** A row as an array (no object a row: 50,000 of them for ten years of a large shelter). */
type StatsRow = [
  id: string,
  petId: string,
  intake: Intake,
  outcome: Outcome | null,
  placements: Stay["placements"],
  name: string,
  categoryId: string,
  birthDate: string | null,
];

/**
 * Every stay with its pet's name, category and birth date, in one statement. The stays'
 * columns `intake`, `outcome` and `placements` hold no personal part (those are in the
 * *_personal columns, migrations 251 and 252), which are not read at all, nor is the
 * corrections' history.
 */
const selectStatsRows: pg.QueryArrayConfig = {
  name: "stats_stays",
  text: `SELECT s.id, s.pet_id, s.intake, s.outcome, s.placements, p.name, p.category_id, p.profile->>'birthDate'
    FROM stays s JOIN pets p ON p.id = s.pet_id
    ORDER BY s.pet_id, s.intake_at, s.id`,
  rowMode: "array",
};

/** The statistics' read on PostgreSQL: one statement on the request pool, and the mapping. */
export class PostgresStatsSource implements StatsSource {
  constructor(
    private readonly database: Database,
    private readonly readMapping: ReadMapping,
  ) {}

  async animalsForStats() {
    const [mapping, { rows }] = await Promise.all([this.readMapping(), this.database.query<StatsRow>(selectStatsRows)]);
    const animals: StatsAnimal[] = [];
    let animal: (StatsAnimal & { stays: Stay[] }) | undefined;
    for (const [
      id,
      petIdText,
      intake,
      outcome,
      placements,
      name,
      categoryId,
      birthDate,
    ] of rows as unknown as StatsRow[]) {
      const petId = Number(petIdText);
      if (animal?.petId !== petId) {
        animal = { petId, name, categoryId: Number(categoryId), ...(birthDate ? { birthDate } : {}), stays: [] };
        animals.push(animal);
      }
      animal.stays.push({ id: Number(id), petId, intake, ...(outcome ? { outcome } : {}), placements });
    }
    return { animals, mapping };
  }
}
