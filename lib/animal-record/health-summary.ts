import { adopterSummary, type AdopterHealthSummary } from "./adopter-summary";
import type { MedicalStore } from "./medical-store";

/** What the summary is read from: the animal's facts and entries (each entry carries its item's kind, which never changes). */
export type HealthSummarySource = Pick<MedicalStore, "listEntries" | "getHealthFacts">;

/**
 * The adopters' summary of one animal on `today` (the shelter's day): read from the record
 * at the moment it is asked for, never kept, so it is as true as the record (docs/decisions/260).
 */
export async function healthSummaryOf(
  medical: HealthSummarySource,
  petId: number,
  today: string,
): Promise<AdopterHealthSummary> {
  const [facts, entries] = await Promise.all([medical.getHealthFacts(petId), medical.listEntries(petId)]);
  return adopterSummary(facts, entries, today);
}
