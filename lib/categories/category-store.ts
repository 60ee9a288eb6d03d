import type { Category, NewCategory } from "@/lib/categories/schemas";
import type { IdempotencyRecord } from "@/lib/idempotency/idempotency-store";
import { brandedError } from "@/lib/errors/branded-error";

/**
 * Named categories. A pet's categoryId never has to name a record (ids in range keep
 * working as before); a record only gives the id a name.
 */
export interface CategoryStore {
  /** Every category, by ascending id (a shelter has tens, not millions). */
  listCategories(): Promise<Category[]>;
  /**
   * Without an id, the next one after the highest; throws CategoryExistsError when the id is
   * taken. `record` commits with the category.
   */
  createCategory(category: NewCategory, record?: IdempotencyRecord<Category>): Promise<Category>;
  /** The renamed category, or undefined when no record has this id. */
  renameCategory(id: number, name: string): Promise<Category | undefined>;
}

export class CategoryExistsError extends brandedError(Symbol.for("petstore.CategoryExistsError")) {
  constructor(readonly categoryId: number) {
    super(`category ${categoryId} already exists`);
    this.name = "CategoryExistsError";
  }
}
