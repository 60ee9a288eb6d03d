import { INTAKE_SUBTYPES, type IntakeType } from "@/lib/animal-record/intake-types";
import { OUTCOME_SUBTYPES, OUTCOME_TYPES, type OutcomeType } from "@/lib/animal-record/outcome-types";
import type { FosterPlacement } from "@/lib/animal-record/foster-schemas";
import { openStayOf, outcomeProblem } from "@/lib/animal-record/stay-rules";
import type { Stay } from "@/lib/animal-record/stay-schemas";

/*
 * What the record page shows and offers, worked out from the stays as the API answers them:
 * where the animal is today, which outcomes SAC allows after its intake, which subtypes a type
 * takes. Pure, so the page's choices are tested without a browser.
 */

export type WhereNow =
  | { where: "not_in_care" }
  | { where: "shelter"; stay: Stay }
  | { where: "foster"; stay: Stay; placement: FosterPlacement };

/** The placement that covers `day` (half-open days, docs/decisions/250), if any. */
export function placementOn(stay: Stay, day: string): FosterPlacement | undefined {
  return stay.placements.find((each) => each.from <= day && (each.until === undefined || each.until > day));
}

/** The placement still without its end, the one "End placement" ends. */
export function openPlacementOf(stay: Stay): FosterPlacement | undefined {
  return stay.placements.find((each) => each.until === undefined);
}

/** Where the animal is on `day` (the reader's today): its open stay, in the shelter or in a foster home. */
export function whereNow(stays: readonly Stay[], day: string): WhereNow {
  const stay = openStayOf(stays);
  if (!stay) return { where: "not_in_care" };
  const placement = placementOn(stay, day);
  return placement ? { where: "foster", stay, placement } : { where: "shelter", stay };
}

/**
 * The outcomes staff may record after this intake: SAC's definitions rule some out
 * (returned to field needs a stray), and an adoption is recorded by its order, not here.
 */
export function outcomeChoices(intake: IntakeType): OutcomeType[] {
  return OUTCOME_TYPES.filter((type) => type !== "adoption" && outcomeProblem(intake, type) === undefined);
}

export const intakeSubtypes = (type: IntakeType): readonly string[] => INTAKE_SUBTYPES[type];
export const outcomeSubtypes = (type: OutcomeType): readonly string[] => OUTCOME_SUBTYPES[type];

/** Whether the animal's last stay ended in an adoption: then it can be returned (docs/decisions/250). */
export function lastEndedInAdoption(stays: readonly Stay[]): boolean {
  return newestFirst(stays)[0]?.outcome?.type === "adoption";
}

/** Stays newest first, as staff read a record: the current one on top. */
export function newestFirst(stays: readonly Stay[]): Stay[] {
  return [...stays].sort((a, b) => Date.parse(b.intake.at) - Date.parse(a.intake.at) || b.id - a.id);
}

const minuteOf = (moment: string) => Math.floor(Date.parse(moment) / 60_000);

/**
 * The merge patch that takes an outcome from `current` to `next`: only what changed, a subtype
 * no longer wanted as null (JSON Merge Patch's removal), and nothing at all when nothing changed.
 */
export function outcomePatch(
  current: { at: string; type: OutcomeType; subtype?: string },
  next: { at: string; type: OutcomeType; subtype?: string },
): { at?: string; type?: OutcomeType; subtype?: string | null } {
  const patch: { at?: string; type?: OutcomeType; subtype?: string | null } = {};
  // The form's clock shows minutes: seconds it could not show are not a change.
  if (minuteOf(next.at) !== minuteOf(current.at)) patch.at = next.at;
  if (next.type !== current.type) patch.type = next.type;
  if (next.subtype !== current.subtype) patch.subtype = next.subtype ?? null;
  return patch;
}
