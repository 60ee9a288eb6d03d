import "server-only";
import type pg from "pg";
import type { PetStatus } from "@/lib/pets/schemas";

/**
 * One category's pets (the gallery's filter), newest first, optionally one status, after
 * the pet a cursor names. As in pageAfter, the cursor's pet is the driving row and must
 * match the filter: no rows at all means a refused cursor, a row of nulls an empty page.
 */
export function categoryPage(
  rows: number,
  categoryId: number,
  status: PetStatus | undefined,
  afterId: number | undefined,
): pg.QueryConfig {
  const inFilter = (alias: string) => `${alias}.category_id = $1 AND ($2::text IS NULL OR ${alias}.status = $2)`;
  const page = `SELECT p.id, p.name, p.category_id, p.status FROM pets p
                WHERE ${inFilter("p")} AND ($3::bigint IS NULL OR p.id < $3) ORDER BY p.id DESC LIMIT $4`;
  return {
    text:
      afterId === undefined
        ? page
        : `SELECT q.* FROM pets a LEFT JOIN LATERAL (${page}) q ON true WHERE a.id = $3 AND ${inFilter("a")}`,
    values: [categoryId, status ?? null, afterId ?? null, rows],
  };
}
