import * as z from "zod";
import { wholeMonthsBetween } from "@/lib/pets/age-group";

/*
 * SAC's two age groups and "unknown": the matrix breaks puppies and kittens from adults at
 * 5 months, counting the age at intake for intakes and at outcome for outcomes
 * (docs/decisions/248). Months count as birthdays do (lib/pets/age-group.ts).
 */

export const SAC_AGE_GROUPS = ["up_to_5_months", "adult", "unknown"] as const;
export const SacAgeGroup = z.enum(SAC_AGE_GROUPS).meta({
  id: "SacAgeGroup",
  description: "Age as Shelter Animals Count groups it: under 5 months, adult, or unknown (no birth date)",
});
export type SacAgeGroup = z.infer<typeof SacAgeGroup>;

/** The SAC age group on `day` of an animal born on `birthDate` (an estimate counts; none is unknown). */
export function sacAgeGroupOn(birthDate: string | undefined, day: string): SacAgeGroup {
  // A birth date after the day counted is a mistake in the record, not an age: unknown.
  if (birthDate === undefined || birthDate > day) return "unknown";
  return wholeMonthsBetween(birthDate, day) < 5 ? "up_to_5_months" : "adult";
}
