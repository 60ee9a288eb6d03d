import type { Category, NewCategory } from "@/lib/categories/schemas";
import { categoryCreated, categoryRenamed } from "@/lib/events/new-events";
import { CategoryExistsError } from "@/lib/categories/category-store";
import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "@/lib/store/file/engine/part";
import { checkedId } from "@/lib/store/file/engine/ids";
import { parseLine } from "@/lib/store/file/line-codec";
import { CategoryBook } from "./file-category-book";
import { decodeCategory, encodeCategoryLine } from "@/lib/categories/file-category-line";
import { eventsPart, type ActorOp } from "@/lib/events/file-event-part";

export type CategoryOp =
  (ActorOp & { kind: "category"; category: NewCategory }) | (ActorOp & { kind: "rename"; id: number; name: string });

const categoryLine = lineKind<CategoryBook, Category>({
  noun: "category records",
  prefix: '{"category":',
  since: 3,
  decode: (buf, start, _bodyEnd, end) => decodeCategory(parseLine(buf, start, end)),
  fold: (book, category) => book.put(category),
});

/** Categories as a part of the file engine: a line each time one is created or renamed, the latest line winning. */
export const categoriesPart: Part<CategoryBook, CategoriesPlan> = {
  name: "categories",
  createState: () => new CategoryBook(),
  lines: [categoryLine],
  snapshot: {
    field: "categories",
    since: 2,
    kind: categoryLine,
    take: (book) => {
      const categories = book.all();
      return { count: categories.length, line: (i) => encodeCategoryLine(categories[i] as Category) };
    },
  },
  ops: ["category", "rename"],
  plan: (book, batch) => new CategoriesPlan(book, batch),
};

class CategoriesPlan implements PartPlan {
  /** Categories as the batch's earlier ops left them. */
  private readonly state = new Map<number, Category>();
  private highestId: number;

  constructor(
    private readonly book: CategoryBook,
    private readonly batch: UnitOfWork,
  ) {
    this.highestId = book.highestId;
  }

  decide(op: Op): Category | undefined {
    const categoryOp = op as CategoryOp;
    const events = this.batch.plan(eventsPart);
    if (categoryOp.kind === "category") {
      const id = categoryOp.category.id ?? checkedId(this.highestId + 1, "category");
      if (this.current(id)) throw new CategoryExistsError(id);
      const created = this.record({ id, name: categoryOp.category.name });
      events.emit(categoryCreated(created, this.batch.now, categoryOp.actor));
      return created;
    }
    const before = this.current(categoryOp.id);
    if (!before) return undefined;
    const renamed = this.record({ id: categoryOp.id, name: categoryOp.name });
    if (before.name !== renamed.name) events.emit(categoryRenamed(renamed, this.batch.now, categoryOp.actor));
    return renamed;
  }

  private current(id: number): Category | undefined {
    return this.state.get(id) ?? this.book.get(id);
  }

  /** Its line first: the encoder refuses a category the reader would refuse, before any change. */
  private record(category: Category): Category {
    this.batch.write(encodeCategoryLine(category), () => this.book.put(category));
    const [before, highest] = [this.state.get(category.id), this.highestId];
    this.batch.remember(() => {
      this.highestId = highest;
      if (before) this.state.set(category.id, before);
      else this.state.delete(category.id);
    });
    this.state.set(category.id, category);
    if (category.id > this.highestId) this.highestId = category.id;
    return category;
  }
}
