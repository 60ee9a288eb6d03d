import * as z from "zod";
import type { HealthFacts } from "./health-schemas";
import type { MedicalEntry } from "./medical-schemas";
import { latestEntries } from "./medical-rules";

/*
 * What adopters see on the animal's page: three short answers that are true of the record,
 * read from its facts, never from notes (docs/decisions/249).
 */

export const SummaryAnswer = z.enum(["yes", "no", "unknown"]);
export type SummaryAnswer = z.infer<typeof SummaryAnswer>;

export const AdopterHealthSummary = z
  .object({ vaccinated: SummaryAnswer, neutered: SummaryAnswer, microchipped: SummaryAnswer })
  .meta({
    id: "AdopterHealthSummary",
    description:
      "Vaccinated: yes when vaccinations are recorded and none is overdue, no when one is overdue. Neutered and microchipped as recorded. Unknown when the record does not say.",
  });
export type AdopterHealthSummary = z.infer<typeof AdopterHealthSummary>;

export function adopterSummary(
  facts: HealthFacts,
  entries: readonly MedicalEntry[],
  today: string,
): AdopterHealthSummary {
  return {
    vaccinated: vaccinated(entries, today),
    neutered:
      facts.spayNeuter?.status === "altered" ? "yes" : facts.spayNeuter?.status === "unaltered" ? "no" : "unknown",
    microchipped: facts.microchip?.status === "chipped" ? "yes" : facts.microchip?.status === "none" ? "no" : "unknown",
  };
}

/**
 * Up to date: every vaccine's latest dose is not overdue. Saying "yes" to an animal whose
 * rabies booster lapsed would not be true; saying "no" to one never vaccinated here would
 * claim more than the record knows, so that is "unknown".
 */
function vaccinated(entries: readonly MedicalEntry[], today: string): SummaryAnswer {
  const latest = latestEntries(entries.filter((entry) => entry.kind === "vaccination"));
  if (latest.length === 0) return "unknown";
  return latest.some((entry) => entry.nextDue !== undefined && entry.nextDue < today) ? "no" : "yes";
}
