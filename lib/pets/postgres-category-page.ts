import "server-only";
import type pg from "pg";
import type { PetStatus } from "@/lib/pets/schemas";
import { birthDatesOf } from "@/lib/pets/age-group";
import type { PetFilter } from "@/lib/pets/pet-filter";

export interface PageFilter {
  status?: PetStatus;
  categoryId?: number;
  ids?: readonly number[];
  filter?: PetFilter;
  /** YYYY-MM-DD: where the age groups' birth dates fall today. */
  today: string;
}

/**
 * A filtered list (the gallery's category, the adopters' profile filters, a name search,
 * given ids, listed or unlisted pets), newest first, after the pet a cursor names. As in pageAfter, the cursor's pet
 * is the driving row and must match the filter: no rows at all means a refused cursor, a
 * row of nulls an empty page. An unnamed statement, planned with its values: a filter left
 * out (`$n IS NULL`) costs nothing, and sex, size and good-with use the profile's GIN index.
 */
export function categoryPage(
  rows: number,
  { status, categoryId, ids, filter = {}, today }: PageFilter,
  afterId: number | undefined,
): pg.QueryConfig {
  const contains = {
    ...(filter.sex ? { sex: filter.sex } : {}),
    ...(filter.size ? { size: filter.size } : {}),
    ...(filter.goodWith?.length ? { goodWith: Object.fromEntries(filter.goodWith.map((to) => [to, "yes"])) } : {}),
  };
  const born = filter.ageGroup ? birthDatesOf(filter.ageGroup, today) : {};
  const inFilter = (alias: string) =>
    [
      `($1::bigint IS NULL OR ${alias}.category_id = $1)`,
      `($2::text IS NULL OR ${alias}.status = $2)`,
      `($5::bigint[] IS NULL OR ${alias}.id = ANY($5))`,
      `($6::jsonb IS NULL OR ${alias}.profile @> $6)`,
      `($7::text IS NULL OR ${alias}.profile->>'birthDate' > $7)`,
      `($8::text IS NULL OR ${alias}.profile->>'birthDate' <= $8)`,
      `($9::text IS NULL OR lower(${alias}.name) LIKE $9 ESCAPE '\\')`,
      `($10::boolean IS NULL OR ${alias}.listed = $10)`,
    ].join(" AND ");
  const page = `SELECT p.id, p.name, p.category_id, p.status, p.profile, p.listed FROM pets p
                WHERE ${inFilter("p")} AND ($3::bigint IS NULL OR p.id < $3) ORDER BY p.id DESC LIMIT $4`;
  return {
    text:
      afterId === undefined
        ? page
        : `SELECT q.* FROM pets a LEFT JOIN LATERAL (${page}) q ON true WHERE a.id = $3 AND ${inFilter("a")}`,
    values: [
      categoryId ?? null,
      status ?? null,
      afterId ?? null,
      rows,
      ids ? [...ids] : null,
      Object.keys(contains).length > 0 ? JSON.stringify(contains) : null,
      born.after ?? null,
      born.onOrBefore ?? null,
      filter.q === undefined ? null : `%${filter.q.toLowerCase().replace(/[\\%_]/g, "\\$&")}%`,
      filter.listed ?? null,
    ],
  };
}
