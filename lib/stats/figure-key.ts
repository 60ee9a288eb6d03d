import * as z from "zod";
import { SAC_AGE_GROUPS, type SacAgeGroup } from "@/lib/animal-record/sac-age-group";
import { TRANSFER_SCOPES } from "@/lib/animal-record/intake-types";
import { membersWhere, type CellFilter, type MatrixSection } from "./basic-data-matrix";
import { liveReleaseMembers } from "./live-release-rate";
import { INTAKE_LINES, OUTCOME_LINES, TRANSFER_IN_ROW, TRANSFER_OUT_ROW, detailLine } from "./matrix-lines";
import type { PeriodStatistics } from "./period-statistics";
import { SPECIES_ORDER, type Species, type StayRef } from "./stay-facts";

/*
 * Which figure a drill-down asks for (docs/statistics.md "Drill-down"), one string each:
 *  - a matrix cell or total: `section/line/species/ageGroup`, any of the last three `*` for
 *    all of them (a line `*` adds rows, not their distance lines; `live` and `other` are the
 *    outcome groups; species `all` is `*`): `outcome/adoption/canine/adult`,
 *    `intake/*\/feline/*`, `ending/in_foster/*\/all`;
 *  - `live_release_rate/live/<species|all>` and `live_release_rate/counted/<species|all>`:
 *    the rate's numerator and denominator;
 *  - `length_of_stay/<species|all>`: the stays a length of stay is computed from;
 *  - `trend/YYYY-MM/intakes` and `trend/YYYY-MM/outcomes`: a point of the trend.
 */

export type FigureKey =
  | { kind: "matrix"; filter: CellFilter }
  | { kind: "live_release_rate"; part: "live" | "counted"; species?: Species }
  | { kind: "length_of_stay"; species?: Species }
  | { kind: "trend"; month: string; part: "intakes" | "outcomes" };

const SECTIONS: readonly MatrixSection[] = ["intake", "outcome", "beginning", "ending"];
const scoped = (row: string) => TRANSFER_SCOPES.map((scope) => detailLine(row, scope));
const LINES: Record<MatrixSection, readonly string[]> = {
  intake: [...INTAKE_LINES, ...scoped(TRANSFER_IN_ROW)],
  outcome: [...OUTCOME_LINES, ...scoped(TRANSFER_OUT_ROW), "live", "other"],
  beginning: ["in_shelter", "in_foster"],
  ending: ["in_shelter", "in_foster"],
};
const AGES: readonly string[] = [...SAC_AGE_GROUPS, "all"];
const SPECIES: readonly string[] = SPECIES_ORDER;

const anySpecies = (text: string | undefined): Species | undefined | false =>
  text === "*" || text === "all" ? undefined : SPECIES.includes(text ?? "") ? (text as Species) : false;

/** The figure a key names, or a sentence saying what is wrong with it. */
export function parseFigureKey(key: string): FigureKey | string {
  const parts = key.split("/");
  const [head, second, third, fourth] = parts;
  if (SECTIONS.includes(head as MatrixSection) && parts.length === 4) {
    const section = head as MatrixSection;
    if (second !== "*" && !LINES[section].includes(second as string)) {
      return `${second} is not a line of the ${section} section: one of ${LINES[section].join(", ")} or *`;
    }
    const species = anySpecies(third);
    if (species === false) return `${third} is not a species: one of ${SPECIES.join(", ")}, all or *`;
    if (fourth !== "*" && !AGES.includes(fourth as string))
      return `${fourth} is not an age group: one of ${AGES.join(", ")} or *`;
    const filter: CellFilter = {
      section,
      species,
      ...(fourth === "*" ? {} : { ageGroup: fourth as SacAgeGroup | "all" }),
    };
    if (second === "live" || second === "other") filter.group = second;
    else if (second !== "*") filter.line = second;
    return { kind: "matrix", filter };
  }
  if (head === "live_release_rate" && parts.length === 3 && (second === "live" || second === "counted")) {
    const species = anySpecies(third);
    if (species === false) return `${third} is not a species: one of ${SPECIES.join(", ")} or all`;
    return { kind: "live_release_rate", part: second, species };
  }
  if (head === "length_of_stay" && parts.length === 2) {
    const species = anySpecies(second);
    if (species === false) return `${second} is not a species: one of ${SPECIES.join(", ")} or all`;
    return { kind: "length_of_stay", species };
  }
  if (head === "trend" && parts.length === 3 && /^\d{4}-(?:0[1-9]|1[0-2])$/.test(second ?? "")) {
    if (third === "intakes" || third === "outcomes") return { kind: "trend", month: second as string, part: third };
  }
  return "must name a figure: section/line/species/ageGroup (intake, outcome, beginning, ending), live_release_rate/live|counted/species, length_of_stay/species or trend/YYYY-MM/intakes|outcomes";
}

/** The `cell` query parameter: a figure key as written, and parsed. */
export const FigureKeyParam = z.string().transform((key, context): { key: string; figure: FigureKey } => {
  const figure = parseFigureKey(key);
  if (typeof figure === "string") {
    context.addIssue({ code: "custom", message: figure });
    return z.NEVER;
  }
  return { key, figure };
});

/**
 * The stays behind a figure of the period's statistics. A trend month outside the period has
 * none; a count and its list cannot disagree, as each figure is its list's length.
 */
export function membersOfFigure(statistics: PeriodStatistics, figure: FigureKey): readonly StayRef[] {
  switch (figure.kind) {
    case "matrix":
      return membersWhere(statistics.matrix, figure.filter);
    case "live_release_rate":
      return liveReleaseMembers(statistics.matrix, figure.species)[figure.part];
    case "length_of_stay":
      return statistics.lengthsOfStay.find((each) => each.species === (figure.species ?? "all"))?.members ?? [];
    case "trend":
      return statistics.trend.find((point) => point.month === figure.month)?.[figure.part] ?? [];
  }
}
