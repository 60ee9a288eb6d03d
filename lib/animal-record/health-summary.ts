import { adopterSummary, type AdopterHealthSummary } from "./adopter-summary";
import type { MedicalStore } from "./medical-store";
import type { MedicalEntry, TreatmentItem } from "./medical-schemas";

/** What the summary is read from: the animal's entries and facts, and the shelter's list. */
export type HealthSummarySource = Pick<MedicalStore, "listEntries" | "getHealthFacts" | "listItems">;

/**
 * The adopters' summary of one animal on `today` (the shelter's day): read from the record
 * at the moment it is asked for, never kept, so it is as true as the record (docs/decisions/260).
 */
export async function healthSummaryOf(
  medical: HealthSummarySource,
  petId: number,
  today: string,
): Promise<AdopterHealthSummary> {
  const [facts, entries, items] = await Promise.all([
    medical.getHealthFacts(petId),
    medical.listEntries(petId),
    medical.listItems(),
  ]);
  return adopterSummary(facts, withKindsOf(items, entries), today);
}

/**
 * Each entry as the kind its item is now: an entry keeps the kind its item had when it was
 * recorded, so an item filed as a treatment and later corrected to a vaccination (or back)
 * would otherwise tell adopters what the shelter's list no longer says.
 */
function withKindsOf(items: readonly TreatmentItem[], entries: readonly MedicalEntry[]): MedicalEntry[] {
  const kinds = new Map(items.map((item) => [item.id, item.kind]));
  return entries.map((entry) => {
    const kind = kinds.get(entry.itemId);
    return kind === undefined || kind === entry.kind ? entry : { ...entry, kind };
  });
}
