import type { HealthFacts } from "./health-schemas";
import type { TreatmentItem } from "./medical-schemas";
import { itemOf } from "./medical-rules";

/*
 * The two changes both engines compute the same way: an item of the list after a change, and
 * which health facts a change touched (its event names them; their values stay in the record).
 */

export type ItemChange = Partial<Omit<TreatmentItem, "id" | "repeatEvery">> & {
  repeatEvery?: TreatmentItem["repeatEvery"] | null;
};

/** Item `id` after `change` (UnknownTreatmentError when the list has none); `repeatEvery: null` makes it given once. */
export function changedItem(items: readonly TreatmentItem[], id: number, change: ItemChange): TreatmentItem {
  const { repeatEvery, ...rest } = itemOf(items, id);
  const { repeatEvery: nextRepeat, ...fields } = change;
  const repeat = nextRepeat === undefined ? repeatEvery : (nextRepeat ?? undefined);
  return { ...rest, ...fields, id, ...(repeat ? { repeatEvery: repeat } : {}) };
}

// Key order aside (PostgreSQL's jsonb keeps its own): a value sent again unchanged is not a change.
const canonical = (value: unknown): string =>
  value !== null && typeof value === "object"
    ? `{${Object.keys(value)
        .sort()
        .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
        .join(",")}}`
    : JSON.stringify(value);
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);

/** The facts (`spayNeuter`, `microchip`) that differ between `before` and `after`. */
export function healthChanges(before: HealthFacts, after: HealthFacts): string[] {
  return (["spayNeuter", "microchip"] as const).filter((field) => !same(before[field], after[field]));
}
