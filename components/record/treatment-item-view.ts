import type { IntervalUnit } from "@/lib/animal-record/calendar-day";
import type { MedicalKind, TreatmentItem } from "@/lib/animal-record/medical-schemas";

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
