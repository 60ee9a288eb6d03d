import { addDays, dayOf } from "./calendar-day";
import { dueList, type DueAnimal } from "./due-list";
import type { DueList } from "./due-schemas";
import type { MedicalStore } from "./medical-store";
import type { StayStore } from "./stay-store";

/** What the due list reads: the animals in care, what is due, the shelter's list, and names. */
export interface DueSources {
  stays: Pick<StayStore, "listOpenStays">;
  medical: Pick<MedicalStore, "listDueBy" | "listItems">;
  /** The pet's name, for the few animals something is due for. */
  petName(petId: number): Promise<string | undefined>;
}

/**
 * The due list as of `now`, in the shelter's `timeZone`: for the animals of the open stays,
 * what is overdue and due this week (./due-list.ts). Names are looked up only for the animals
 * with something due, not for every animal in care.
 */
export async function dueListAt(sources: DueSources, now: Date, timeZone: string): Promise<DueList> {
  const today = dayOf(now.toISOString(), timeZone);
  const [open, due, items] = await Promise.all([
    sources.stays.listOpenStays(),
    sources.medical.listDueBy(addDays(today, 6)),
    sources.medical.listItems(),
  ]);
  const dueFor = new Set(due.map((entry) => entry.petId));
  const animals: DueAnimal[] = await Promise.all(
    open
      .filter((stay) => dueFor.has(stay.petId))
      .map(async (stay) => ({
        petId: stay.petId,
        // A pet's name is required; an id stands in should its record be unreadable.
        name: (await sources.petName(stay.petId)) ?? `Pet ${stay.petId}`,
        stays: [stay],
      })),
  );
  return { today, ...dueList(animals, due, items, today, timeZone) };
}
