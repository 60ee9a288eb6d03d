import * as z from "zod";
import { PlacementId } from "./foster-schemas";
import { CorrectionReason } from "./fields";
import type { CorrectionNote } from "./stay-corrections";

/*
 * A stay's history of corrections (docs/decisions/252): what was corrected, when, and why;
 * also an intake recorded over the placeholder one (docs/decisions/267).
 * Kept with the stay by the store, as a pet's status correction keeps its reason
 * (docs/decisions/155); never in an event or a log line, since a reason is free text that may
 * name people. Erasure keeps the entries and drops their reasons. Stored, not served yet.
 */
export const StayChangeEntry = z.object({
  at: z.iso.datetime(),
  part: z.enum(["intake", "outcome", "withdrawal", "placement"]),
  /** The fields changed, never their values. */
  fields: z.array(z.string()),
  placementId: PlacementId.optional(),
  reason: CorrectionReason.optional(),
  /** The intake recorded over the placeholder `not_recorded` one (./placeholder-intake.ts): no reason needed. */
  replacedPlaceholder: z.literal(true).optional(),
});
export type StayChangeEntry = z.infer<typeof StayChangeEntry>;

/** The entry a correction's note makes; a withdrawal is its own kind. */
export function entryOf(note: CorrectionNote, at: string, withdrawal = false): StayChangeEntry {
  return {
    at,
    part: withdrawal ? "withdrawal" : note.part,
    fields: note.fields,
    ...(note.reason === undefined ? {} : { reason: note.reason }),
  };
}

/** The entries with their reasons erased. */
export function withoutReasons(history: readonly StayChangeEntry[]): StayChangeEntry[] {
  return history.map((entry) => {
    const copy = { ...entry };
    delete copy.reason;
    return copy;
  });
}

/**
 * Names of changed fields as an event may carry them: `personal` becomes `private` (the word
 * "personal" in an event would suggest it holds the personal part; it never does).
 */
export function eventFields(fields: readonly string[]): string[] {
  return fields.map((field) => (field === "personal" ? "private" : field));
}
