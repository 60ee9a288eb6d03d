import type { StatsSpecies } from "./stats-view";

/*
 * The figure key (lib/stats/figure-key.ts) behind each number the Statistics view shows, so
 * every number links to its drill-down. `*` stands for every species, line or age group.
 */

type CountedSection = "intake" | "outcome";
type Census = "beginning" | "ending";
const anySpecies = (species: StatsSpecies) => (species === "all" ? "*" : species);

export const figureKeys = {
  /** One line's count for one age group (`*`: all of them). */
  line: (section: CountedSection, line: string, species: StatsSpecies, ageGroup = "*") =>
    `${section}/${line}/${anySpecies(species)}/${ageGroup}`,
  /** All intakes or outcomes (rows added, not their distance lines), for one age group or all. */
  section: (section: CountedSection, species: StatsSpecies, ageGroup = "*") =>
    `${section}/*/${anySpecies(species)}/${ageGroup}`,
  /** Live outcomes or the other outcomes together. */
  outcomeGroup: (group: "live" | "other", species: StatsSpecies, ageGroup = "*") =>
    `outcome/${group}/${anySpecies(species)}/${ageGroup}`,
  /** The beginning or ending count: in the shelter, in foster, or both (`*`). */
  census: (section: Census, where: "in_shelter" | "in_foster" | "*", species: StatsSpecies) =>
    `${section}/${where}/${anySpecies(species)}/*`,
  liveReleaseRate: (species: StatsSpecies) => ({
    live: `live_release_rate/live/${species}`,
    counted: `live_release_rate/counted/${species}`,
    allOutcomes: `outcome/*/${anySpecies(species)}/*`,
    ownerIntended: `outcome/owner_intended_euthanasia/${anySpecies(species)}/*`,
  }),
  lengthOfStay: (species: StatsSpecies) => `length_of_stay/${species}`,
  trend: (month: string, part: "intakes" | "outcomes") => `trend/${month}/${part}`,
};

/** A rate between 0 and 1 as a percentage to one decimal: "83.3%". */
export const percentWords = (rate: number) => `${(Math.round(rate * 1000) / 10).toFixed(1)}%`;
