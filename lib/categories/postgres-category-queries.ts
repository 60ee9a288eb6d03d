import "server-only";
import type pg from "pg";
import type { Category } from "@/lib/categories/schemas";
import type { IdLimit } from "@/lib/store/postgres/id-limits";

/** Where category ids run out: a new one is MAX(id) + 1 (migrations/1795392000003_create-orders-and-categories.sql). */
export const CATEGORY_ID_LIMIT: IdLimit = { kind: "category", constraint: "categories_id_range" };

export interface CategoryRow {
  id: string;
  name: string;
}

export const toCategory = (row: CategoryRow): Category => ({ id: Number(row.id), name: row.name });

export const listCategories: pg.QueryConfig = {
  name: "categories_list",
  text: "SELECT id, name FROM categories ORDER BY id",
};

/** With an id: nothing returned means it is taken. */
export const insertCategory = (id: number, name: string): pg.QueryConfig => ({
  name: "categories_insert",
  text: "INSERT INTO categories (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING id, name",
  values: [id, name],
});

/** Without one: the next after the highest; two at once may collide (unique violation), the caller retries. */
export const insertNextCategory = (name: string): pg.QueryConfig => ({
  name: "categories_insert_next",
  text: `INSERT INTO categories (id, name) SELECT COALESCE(MAX(id), 0) + 1, $1 FROM categories
         ON CONFLICT (id) DO NOTHING RETURNING id, name`,
  values: [name],
});

/** Also the name before (`was`), so a rename to the same name records no event. */
export const renameCategory = (id: number, name: string): pg.QueryConfig => ({
  name: "categories_rename",
  text: `UPDATE categories c SET name = $2 FROM categories old WHERE c.id = $1 AND old.id = c.id
         RETURNING c.id, c.name, old.name AS was`,
  values: [id, name],
});
