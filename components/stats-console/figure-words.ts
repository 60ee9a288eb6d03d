import { SAC_INTAKE_ROWS, SAC_OUTCOME_ROWS } from "@/lib/animal-record/sac-mapping";
import { parseFigureKey } from "@/lib/stats/figure-key";
import type { Species } from "@/lib/stats/stay-facts";
import { SPECIES_WORDS } from "@/components/stats/stats-words";
import { monthLong } from "@/components/stats/stats-words";

/*
 * A figure key (lib/stats/figure-key.ts) in words, for the drill-down's heading:
 * `outcome/adoption/canine/adult` is "Outcomes: Adoption · Canine · adult".
 */

export const speciesWords = (species: Species | "all" | undefined) => SPECIES_WORDS[species ?? "all"];

const AGE_WORDS: Record<string, string> = {
  up_to_5_months: "under 5 months",
  adult: "adult",
  unknown: "age unknown",
};

const SECTION_WORDS = {
  intake: "Intakes",
  outcome: "Outcomes",
  beginning: "Beginning count",
  ending: "Ending count",
} as const;

const SCOPE_WORDS: Record<string, string> = {
  in_state: "in state",
  out_of_state: "out of state",
  international: "international",
};

const CENSUS_WORDS: Record<string, string> = { in_shelter: "in the shelter", in_foster: "in foster" };

function lineWords(section: keyof typeof SECTION_WORDS, line: string | undefined, group?: "live" | "other"): string {
  if (group) return group === "live" ? "live outcomes" : "other outcomes";
  if (line === undefined) return section === "intake" || section === "outcome" ? "all types" : "in care";
  const labels: Record<string, string> = section === "intake" ? SAC_INTAKE_ROWS : SAC_OUTCOME_ROWS;
  const [row, scope] = line.split(".") as [string, string | undefined];
  const named = CENSUS_WORDS[row] ?? labels[row] ?? row;
  return scope ? `${named}: ${SCOPE_WORDS[scope] ?? scope}` : named;
}

const monthWords = monthLong;

/** The figure a key names, in words; the key itself when it names none. */
export function figureWords(key: string): string {
  const figure = parseFigureKey(key);
  if (typeof figure === "string") return key;
  switch (figure.kind) {
    case "matrix": {
      const { section, line, species, ageGroup, group } = figure.filter;
      const age = ageGroup === undefined || ageGroup === "all" ? [] : [AGE_WORDS[ageGroup] ?? ageGroup];
      return `${SECTION_WORDS[section]}: ${[lineWords(section, line, group), speciesWords(species), ...age].join(" · ")}`;
    }
    case "live_release_rate":
      return `Live release rate, ${figure.part === "live" ? "live outcomes" : "outcomes counted (all outcomes − owner-intended euthanasia)"} · ${speciesWords(figure.species)}`;
    case "length_of_stay":
      return `Length of stay: animals that left · ${speciesWords(figure.species)}`;
    case "trend":
      return `${figure.part === "intakes" ? "Intakes" : "Outcomes"} in ${monthWords(figure.month)}`;
  }
}

/** Whether a key names a figure the drill-down can ask for. */
export const isFigureKey = (key: string | null): key is string =>
  key !== null && typeof parseFigureKey(key) !== "string";
