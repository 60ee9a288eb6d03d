import { addDays } from "./calendar-day";
import type { MedicalEntry, MedicalKind, TreatmentItem } from "./medical-schemas";
import type { Stay } from "./stay-schemas";
import { whereOn } from "./whereabouts";
import { latestEntries } from "./medical-rules";

/*
 * The console's due list: for the animals in the shelter or in foster, what is overdue and
 * what is due in the next seven days. For each animal and item, only the latest entry's next
 * due day counts: giving it again replaces the schedule, so nothing done stays on the list.
 */

export type DueItem = {
  petId: number;
  petName: string;
  itemId: number;
  itemName: string;
  kind: MedicalKind;
  due: string;
  where: "shelter" | "foster";
};

export type DueList = { overdue: DueItem[]; thisWeek: DueItem[] };

export type DueAnimal = { petId: number; name: string; stays: readonly Stay[] };

/** `today` is the shelter's day; "this week" is today and the six days after it. */
export function dueList(
  animals: readonly DueAnimal[],
  entries: readonly MedicalEntry[],
  items: readonly TreatmentItem[],
  today: string,
  timeZone: string,
): DueList {
  const weekEnd = addDays(today, 6);
  const itemNames = new Map(items.map((item) => [item.id, item.name]));
  const inCare = new Map<number, { name: string; where: "shelter" | "foster" }>();
  for (const animal of animals) {
    const where = whereOn(animal.stays, today, timeZone);
    if (where !== "not_in_care") inCare.set(animal.petId, { name: animal.name, where });
  }
  const list: DueList = { overdue: [], thisWeek: [] };
  for (const entry of latestEntries(entries)) {
    const animal = inCare.get(entry.petId);
    if (!animal || entry.nextDue === undefined || entry.nextDue > weekEnd) continue;
    const item: DueItem = {
      petId: entry.petId,
      petName: animal.name,
      itemId: entry.itemId,
      // An item since removed from the shelter's list is shown by its kind and id.
      itemName: itemNames.get(entry.itemId) ?? `${entry.kind} ${entry.itemId}`,
      kind: entry.kind,
      due: entry.nextDue,
      where: animal.where,
    };
    (entry.nextDue < today ? list.overdue : list.thisWeek).push(item);
  }
  const order = (a: DueItem, b: DueItem) =>
    a.due.localeCompare(b.due) || a.petName.localeCompare(b.petName) || a.itemName.localeCompare(b.itemName);
  list.overdue.sort(order);
  list.thisWeek.sort(order);
  return list;
}
