import type { DueItem } from "./due-list";
import type { MedicalEntry, TreatmentItem } from "./medical-schemas";
import { recordEntry } from "./medical-rules";

/*
 * "Mark given" on the due list: records the treatment for that animal and item, and schedules
 * the next by the item's interval, in one step (the store writes the entry; the due list reads
 * its next due day).
 */

export type GivenInput = { givenOn: string; givenBy: string; lot?: string; result?: MedicalEntry["result"] };

export function markGiven(
  due: Pick<DueItem, "petId" | "itemId">,
  given: GivenInput,
  items: readonly TreatmentItem[],
  id: number,
): { entry: MedicalEntry; nextDue: string | undefined } {
  const entry = recordEntry(items, { itemId: due.itemId, ...given }, { id, petId: due.petId });
  return { entry, nextDue: entry.nextDue };
}
