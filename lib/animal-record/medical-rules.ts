import { addInterval } from "./calendar-day";
import { checkDue } from "./due-rule";
import type { MedicalEntry, MedicalEntryCorrection, NewMedicalEntry, TreatmentItem } from "./medical-schemas";
import { EntryDoesNotFitItemError, UnknownTreatmentError } from "./record-errors";

/*
 * Recording and correcting medical entries, pure. An entry's kind is its item's; the next due
 * day, when not given, follows from the item's interval (a rabies shot given today is due in
 * a year), so the due list schedules itself.
 */

export function itemOf(items: readonly TreatmentItem[], itemId: number): TreatmentItem {
  const item = items.find((each) => each.id === itemId);
  if (!item) throw new UnknownTreatmentError(itemId);
  return item;
}

/** The day the next is due after one given on `givenOn`, by the item's interval; undefined when it does not repeat. */
export function nextDueAfter(item: TreatmentItem, givenOn: string): string | undefined {
  return item.repeatEvery ? addInterval(givenOn, item.repeatEvery) : undefined;
}

function checkFits(item: TreatmentItem, entry: { lot?: string; result?: string }): void {
  if (entry.lot !== undefined && item.kind !== "vaccination") {
    throw new EntryDoesNotFitItemError(`A lot number is for vaccines; ${item.name} is a ${item.kind}.`);
  }
  if (item.kind === "test" && entry.result === undefined) {
    throw new EntryDoesNotFitItemError(`${item.name} is a test: record its result.`);
  }
  if (item.kind !== "test" && entry.result !== undefined) {
    throw new EntryDoesNotFitItemError(`A result is for tests; ${item.name} is a ${item.kind}.`);
  }
}

/** Entry `id` for pet `petId`, checked against the shelter's list. */
export function recordEntry(
  items: readonly TreatmentItem[],
  input: NewMedicalEntry,
  ids: { id: number; petId: number },
): MedicalEntry {
  const item = itemOf(items, input.itemId);
  checkFits(item, input);
  const nextDue = input.nextDue ?? nextDueAfter(item, input.givenOn);
  checkDue(input.givenOn, nextDue);
  return { ...ids, kind: item.kind, ...input, ...(nextDue ? { nextDue } : {}) };
}

/** What the audit records of a correction: the fields changed (never their values) and why. */
export type EntryCorrectionNote = { entryId: number; fields: string[]; reason: string };

export function correctEntry(
  items: readonly TreatmentItem[],
  entry: MedicalEntry,
  patch: MedicalEntryCorrection,
): { entry: MedicalEntry; note: EntryCorrectionNote } {
  const corrected: Record<string, unknown> = { ...entry };
  const fields: string[] = [];
  for (const [field, value] of Object.entries(patch)) {
    if (field === "reason" || value === undefined) continue;
    fields.push(field);
    if (value === null) delete corrected[field];
    else corrected[field] = value;
  }
  const next = corrected as MedicalEntry;
  checkFits(itemOf(items, next.itemId), next);
  checkDue(next.givenOn, next.nextDue);
  return { entry: next, note: { entryId: entry.id, fields, reason: patch.reason } };
}

/**
 * The latest entry for each animal and item, by day given and then by id (the later record
 * wins): giving an item again replaces its schedule, so only this entry's next due day counts.
 */
export function latestEntries(entries: readonly MedicalEntry[]): MedicalEntry[] {
  const latest = new Map<string, MedicalEntry>();
  for (const entry of entries) {
    const key = `${entry.petId}/${entry.itemId}`;
    const seen = latest.get(key);
    if (!seen || entry.givenOn > seen.givenOn || (entry.givenOn === seen.givenOn && entry.id > seen.id)) {
      latest.set(key, entry);
    }
  }
  return [...latest.values()];
}
