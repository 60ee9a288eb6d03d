import type { StayFacts, StayRef } from "./stay-facts";

/*
 * Intakes and outcomes month by month (the charts): each stay counted in the month of its
 * intake's day and in the month of its outcome's day, in the shelter's zone, as the matrix
 * counts them; each point keeps its stays for the drill-down.
 */

export type TrendPoint = { month: string; intakes: StayRef[]; outcomes: StayRef[] };

/** One point for each of `months` (YYYY-MM), in their order, empty months included. */
export function monthlyTrend(facts: readonly StayFacts[], months: readonly string[]): TrendPoint[] {
  const points = new Map(months.map((month) => [month, { month, intakes: [], outcomes: [] } as TrendPoint]));
  for (const each of facts) {
    points.get(each.intakeMonth)?.intakes.push(each.ref);
    if (each.outcomeMonth !== undefined) points.get(each.outcomeMonth)?.outcomes.push(each.ref);
  }
  return [...points.values()];
}
