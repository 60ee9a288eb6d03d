import type { NewIntake, Stay } from "./stay-schemas";
import type { CorrectionNote } from "./stay-corrections";
import type { StayChangeEntry } from "./stay-history";
import { checkStays, openStayOf } from "./stay-rules";

/*
 * An intake recorded over the placeholder one (docs/decisions/267). Every pet is given, at its
 * creation, an open stay whose intake is `other`/`not_recorded` (decisions 254, 255), so counts
 * are never short. When staff then record how the animal really came in, that stay takes the
 * recorded intake: SAC counts the animal once, under its real intake, and no reason is asked
 * since nothing counted was known. A stay anyone has touched since is no placeholder.
 */

/** The pet's open stay while it is still the untouched placeholder: no outcome, placement or change since. */
export function untouchedPlaceholder(
  stays: readonly Stay[],
  historyOf: (stayId: number) => readonly StayChangeEntry[],
): Stay | undefined {
  const open = openStayOf(stays);
  if (!open || open.intake.type !== "other" || open.intake.subtype !== "not_recorded") return undefined;
  return open.placements.length === 0 && historyOf(open.id).length === 0 ? open : undefined;
}

/**
 * The placeholder with `intake` in place of its own: the same stay, checked as any intake is
 * (after the previous stay's outcome). Its `at` may come before the pet's creation: the animal
 * arrived before it was entered. The note names the fields replaced, for the event and the history.
 */
export function fillPlaceholder(
  stays: readonly Stay[],
  placeholder: Stay,
  intake: NewIntake,
): { stay: Stay; note: CorrectionNote } {
  const stay: Stay = { ...placeholder, intake };
  checkStays(
    stays.map((each) => (each.id === stay.id ? stay : each)),
    stay.id,
  );
  return { stay, note: { stayId: stay.id, part: "intake", fields: changedFields(placeholder.intake, intake) } };
}

/** The history's entry of a fill: no reason, and says it replaced the placeholder. */
export function fillEntry(note: CorrectionNote, at: string): StayChangeEntry {
  return { at, part: "intake", fields: note.fields, replacedPlaceholder: true };
}

function changedFields(before: object, after: object): string[] {
  const [was, is] = [before as Record<string, unknown>, after as Record<string, unknown>];
  const fields = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return fields.filter((field) => JSON.stringify(was[field]) !== JSON.stringify(is[field]));
}
