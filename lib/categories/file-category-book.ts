import type { Category } from "@/lib/categories/schemas";

/** The categories in memory (a shelter has a handful), with the highest id held. */
export class CategoryBook {
  private readonly categories = new Map<number, Category>();
  private highest = 0;

  /** The highest category id held, kept as categories are put (no scan of every key). */
  get highestId(): number {
    return this.highest;
  }

  get(id: number): Category | undefined {
    return this.categories.get(id);
  }

  put(category: Category): void {
    this.categories.set(category.id, category);
    if (category.id > this.highest) this.highest = category.id;
  }

  /** Ascending by id. */
  all(): Category[] {
    return [...this.categories.values()].sort((a, b) => a.id - b.id);
  }
}
