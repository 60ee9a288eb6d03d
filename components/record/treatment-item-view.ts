import type { IntervalUnit } from "@/lib/animal-record/calendar-day";
import type { MedicalKind, TreatmentItem } from "@/lib/animal-record/medical-schemas";
import { SUGGESTED_ITEMS } from "@/lib/animal-record/suggested-items";
import type { NewTreatmentItem } from "@/lib/animal-record/treatment-item-schemas";

/** "Every 1 year", "Every 3 weeks", "Given once". */
export function repeatWords(item: Pick<TreatmentItem, "repeatEvery">): string {
  if (!item.repeatEvery) return "Given once";
  const { count, unit } = item.repeatEvery;
  return `Every ${count} ${count === 1 ? unit.replace(/s$/, "") : unit}`;
}

/**
 * The item form's values: no unit means given once (the count is then ignored); a count that
 * is not plain digits stays text, so the schema says it is not a whole number.
 */
export function itemFromForm(data: FormData): Omit<TreatmentItem, "id"> {
  const unit = String(data.get("unit") ?? "");
  const count = String(data.get("count") ?? "").trim();
  return {
    name: String(data.get("name") ?? ""),
    kind: String(data.get("kind") ?? "") as MedicalKind,
    ...(unit
      ? { repeatEvery: { count: (/^\d+$/.test(count) ? Number(count) : count) as number, unit: unit as IntervalUnit } }
      : {}),
  };
}

/** The suggested common items (docs/decisions/257) the shelter's list does not have yet, by name. */
export function missingSuggestions(
  items: readonly Pick<TreatmentItem, "name">[],
  suggested: readonly NewTreatmentItem[] = SUGGESTED_ITEMS,
): NewTreatmentItem[] {
  const kept = new Set(items.map((item) => item.name.trim().toLowerCase()));
  return suggested.filter((item) => !kept.has(item.name.toLowerCase()));
}
