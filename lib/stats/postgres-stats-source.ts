import "server-only";
import type pg from "pg";
import type { Database } from "@/lib/store/postgres/pool";
import { toStay, type StayRow } from "@/lib/animal-record/postgres-stay-queries";
import { staySummary, type Stay } from "@/lib/animal-record/stay-schemas";
import type { ReadMapping, StatsAnimal, StatsSource } from "./stats-source";

type StatsRow = Omit<StayRow, "history"> & { name: string; category_id: string; birth_date: string | null };

/**
 * Every stay with its pet's name, category and birth date, in one statement: the personal
 * columns and the corrections' history are not read at all (NULL in their place, for the
 * stays' own row mapping).
 */
const selectStatsRows: pg.QueryConfig = {
  name: "stats_stays",
  text: `SELECT s.id, s.pet_id, s.intake, NULL AS intake_personal, s.outcome, NULL AS outcome_personal,
      s.placements, NULL AS placements_personal, p.name, p.category_id, p.profile->>'birthDate' AS birth_date
    FROM stays s JOIN pets p ON p.id = s.pet_id
    ORDER BY s.pet_id, s.intake_at, s.id`,
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
    for (const row of rows) {
      const petId = Number(row.pet_id);
      if (animal?.petId !== petId) {
        animal = {
          petId,
          name: row.name,
          categoryId: Number(row.category_id),
          ...(row.birth_date ? { birthDate: row.birth_date } : {}),
          stays: [],
        };
        animals.push(animal);
      }
      animal.stays.push(staySummary(toStay({ ...row, history: [] })));
    }
    return { animals, mapping };
  }
}
