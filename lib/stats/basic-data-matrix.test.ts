import { describe, expect, it } from "vitest";
import { sacMonth } from "@/lib/animal-record/sac-month";
import { censusOn } from "@/lib/animal-record/whereabouts";
import { speciesOf } from "@/lib/animal-record/sac-species";
import {
  basicDataMatrix,
  cellKey,
  cellsWhere,
  countOf,
  membersOf,
  membersWhere,
  totalOf,
  type BasicDataMatrix,
} from "./basic-data-matrix";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "./known-answer-year";
import { isDetailLine } from "./matrix-lines";
import { periodOf } from "./period";
import { stayFactsOf } from "./stay-facts";

const zone = KNOWN_ANSWER_TIME_ZONE;
const facts = stayFactsOf(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, zone);
const year = basicDataMatrix(facts, periodOf("2025"), zone);

describe("the matrix's cells and their members", () => {
  it("gives a cell's stays and count by key, and nothing for a cell no stay is in", () => {
    const key = cellKey("outcome", "adoption", "canine", "adult");
    expect(membersOf(year, key)).toEqual([
      { petId: 101, stayId: 1001 },
      { petId: 101, stayId: 1002 },
      { petId: 103, stayId: 1004 },
    ]);
    expect(countOf(year, key)).toBe(3);
    expect(membersOf(year, cellKey("outcome", "adoption", "bird", "adult"))).toEqual([]);
    expect(countOf(year, cellKey("intake", "stray_at_large", "canine", "unknown"))).toBe(0);
  });

  it("totals rows only, so a transfer is not counted twice with its distance line", () => {
    expect(totalOf(year, { section: "intake" })).toBe(13);
    expect(cellsWhere(year, { section: "intake" }).some((cell) => isDetailLine(cell.line))).toBe(false);
    expect(totalOf(year, { section: "intake", line: "transferred_in.in_state" })).toBe(1);
  });

  it("totals by species, age group and outcome group, each with its stays", () => {
    expect(totalOf(year, { section: "outcome", group: "live" })).toBe(9);
    expect(totalOf(year, { section: "outcome", group: "other", species: "feline" })).toBe(3);
    expect(totalOf(year, { section: "intake", ageGroup: "up_to_5_months" })).toBe(3);
    expect(
      membersWhere(year, { section: "outcome", group: "other", species: "feline" })
        .map((ref) => ref.stayId)
        .sort(),
    ).toEqual([1007, 1009, 1015]);
  });

  it("balances: beginning + intakes − outcomes = ending, for every species and month", () => {
    for (const month of periodOf("2025").months) {
      const matrix = basicDataMatrix(facts, periodOf(month), zone);
      for (const species of matrix.species) {
        const census = (section: "beginning" | "ending") =>
          totalOf(matrix, { section, line: "in_shelter", species }) +
          totalOf(matrix, { section, line: "in_foster", species });
        const flow = totalOf(matrix, { section: "intake", species }) - totalOf(matrix, { section: "outcome", species });
        expect(census("beginning") + flow, `${month} ${species}`).toBe(census("ending"));
      }
    }
  });
});

describe("the matrix agrees with lib/animal-record's sacMonth", () => {
  // The record's own month (decision 248) is the reference: a period's flows are the sum of
  // its months', its beginning the first month's, its ending the last month's.
  const months = periodOf("2025").months.map((month) =>
    sacMonth(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, month, zone),
  );

  it("sums the months' intakes and outcomes by row, species and age group", () => {
    for (const section of ["intake", "outcome"] as const) {
      const summed = new Map<string, number>();
      for (const month of months) {
        for (const count of section === "intake" ? month.intakes : month.outcomes) {
          const key = cellKey(section, count.row, count.species, count.ageGroup);
          summed.set(key, (summed.get(key) ?? 0) + count.count);
        }
      }
      const ours = cellsWhere(year, { section }).map((cell) => [cell.key, cell.members.length] as const);
      expect(new Map(ours)).toEqual(summed);
    }
  });

  it("begins with January's beginning and ends with December's ending", () => {
    expect(censusBySpecies(year, "beginning")).toEqual(Object.fromEntries(months[0]!.beginning));
    expect(censusBySpecies(year, "ending")).toEqual(Object.fromEntries(months[11]!.ending));
  });

  it("takes each day's census as lib/animal-record's whereabouts does", () => {
    const animals = KNOWN_ANSWER_ANIMALS.map((animal) => ({
      species: speciesOf(animal.categoryId, KNOWN_ANSWER_MAPPING),
      stays: animal.stays,
    }));
    for (const day of ["2024-12-31", "2025-01-10", "2025-06-30", "2025-11-30", "2025-12-01", "2025-12-31"]) {
      const matrix = basicDataMatrix(facts, { ...periodOf("2025"), last: day }, zone);
      expect(censusBySpecies(matrix, "ending"), day).toEqual(Object.fromEntries(censusOn(animals, day, zone)));
    }
  });
});

/** The census as lib/animal-record gives it: species in care → counts. */
function censusBySpecies(matrix: BasicDataMatrix, section: "beginning" | "ending") {
  const counts = matrix.species.map((species) => {
    const inShelter = totalOf(matrix, { section, line: "in_shelter", species });
    const inFoster = totalOf(matrix, { section, line: "in_foster", species });
    return [species, { inShelter, inFoster }] as const;
  });
  return Object.fromEntries(counts.filter(([, { inShelter, inFoster }]) => inShelter + inFoster > 0));
}

describe("periods before and after every intake", () => {
  it("before: no cells and no species", () => {
    const empty = basicDataMatrix(facts, periodOf("2020"), zone);
    expect(empty.cells.size).toBe(0);
    expect(empty.species).toEqual([]);
    expect(totalOf(empty, { section: "outcome" })).toBe(0);
  });

  it("after: only the stays still open, at both ends", () => {
    const later = basicDataMatrix(facts, periodOf("2030-06"), zone);
    const ids = (key: string) => membersOf(later, key).map((ref) => ref.stayId);
    expect([...later.cells.keys()].sort()).toEqual([
      "beginning/in_foster/feline/all",
      "beginning/in_shelter/canine/all",
      "beginning/in_shelter/feline/all",
      "ending/in_foster/feline/all",
      "ending/in_shelter/canine/all",
      "ending/in_shelter/feline/all",
    ]);
    expect(ids("ending/in_shelter/canine/all")).toEqual([1014, 1018]);
  });
});
