import { describe, expect, it } from "vitest";
import { basicDataMatrix } from "./basic-data-matrix";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "./known-answer-year";
import { INTAKE_LINES, LIVE_OUTCOME_LINES, OTHER_OUTCOME_LINES } from "./matrix-lines";
import { periodOf } from "./period";
import {
  SAC_INTAKE_FIELDS,
  SAC_LIVE_OUTCOME_FIELDS,
  SAC_MATRIX_COLUMNS,
  SAC_OTHER_OUTCOME_FIELDS,
  sacMatrixCsv,
} from "./sac-matrix-csv";
import { stayFactsOf } from "./stay-facts";

const zone = KNOWN_ANSWER_TIME_ZONE;
const facts = stayFactsOf(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, zone);
const matrixOf = (id: string) => basicDataMatrix(facts, periodOf(id), zone);

/** The CSV's lines as header → value (its values hold no comma or quote). */
function rowsOf(csv: string): Record<string, string>[] {
  expect(csv.endsWith("\r\n")).toBe(true);
  const [header, ...lines] = csv
    .slice(0, -2)
    .split("\r\n")
    .map((line) => line.split(","));
  return lines.map((values) => Object.fromEntries(header!.map((name, index) => [name, values[index] as string])));
}
/** Every count column 0, but those named. */
const zeroBut = (row: Record<string, string | number>) =>
  Object.fromEntries(SAC_MATRIX_COLUMNS.map(({ header }) => [header, String(row[header] ?? 0)]));

describe("the matrix as CSV in SAC's layout", () => {
  it("has SAC's fields for the census and each age group's rows", () => {
    const headers = SAC_MATRIX_COLUMNS.map((column) => column.header);
    expect(headers.slice(0, 6)).toEqual([
      "period",
      "species",
      "animalCounts.beginingCount.count",
      "animalCounts.beginingCount.fosterAnimalCount",
      "animalCounts.endiningCount.count",
      "animalCounts.endiningCount.fosterAnimalCount",
    ]);
    expect(headers).toContain("liveIntake.upToFiveMonths.transferredinFromAgency.outOfState");
    expect(headers).toContain("outComes.liveOutcomes.ageUnknown.returnedToField");
    expect(headers).toContain("outComes.otherOutcomes.adult.ownerIntendedEuthanasia");
    // 7 intake, 7 live and 4 other fields (transfers as 3 each), for 3 age groups.
    expect(headers).toHaveLength(6 + 3 * (7 + 7 + 4));
    expect(new Set(headers).size).toBe(headers.length);
  });

  it("has a column for every row sac-mapping counts in (or for each of its distance lines)", () => {
    // When lib/animal-record/sac-mapping.ts gains a row (seized or impounded, say), this fails
    // until SAC's field for it is named in ./sac-matrix-csv.ts: no count is left out unseen.
    const rowsOf = (fields: [string, string][]) => new Set(fields.map(([line]) => line.split(".")[0]));
    expect(rowsOf(SAC_INTAKE_FIELDS)).toEqual(new Set(INTAKE_LINES));
    expect(rowsOf(SAC_LIVE_OUTCOME_FIELDS)).toEqual(new Set(LIVE_OUTCOME_LINES));
    expect(rowsOf(SAC_OTHER_OUTCOME_FIELDS)).toEqual(new Set(OTHER_OUTCOME_LINES));
  });

  it("writes the known year's dogs and cats, every column", () => {
    const [canine, feline, rabbit] = rowsOf(sacMatrixCsv([matrixOf("2025")]));
    expect(canine).toEqual(
      zeroBut({
        period: "2025",
        species: "canine",
        "animalCounts.beginingCount.count": 3,
        "animalCounts.beginingCount.fosterAnimalCount": 1,
        "animalCounts.endiningCount.count": 1,
        "liveIntake.upToFiveMonths.strayAtLarge": 1,
        "liveIntake.upToFiveMonths.otherIntakes": 1,
        "liveIntake.adult.relinquishedbyOwner": 2,
        "liveIntake.adult.transferredinFromAgency.inState": 1,
        "outComes.liveOutcomes.adult.adoption": 3,
        "outComes.liveOutcomes.adult.returnedToOwner": 1,
        "outComes.liveOutcomes.adult.transferredToAgency.outOfState": 1,
        "outComes.liveOutcomes.adult.otherLiveOutcome": 1,
        "outComes.otherOutcomes.adult.shelterEuthanasia": 1,
      }),
    );
    expect(feline).toEqual(
      zeroBut({
        period: "2025",
        species: "feline",
        "animalCounts.endiningCount.count": 2,
        "animalCounts.endiningCount.fosterAnimalCount": 1,
        "liveIntake.upToFiveMonths.strayAtLarge": 1,
        "liveIntake.adult.strayAtLarge": 2,
        "liveIntake.adult.relinquishedbyOwner": 1,
        "liveIntake.adult.ownerIntendedEuthanasia": 1,
        "liveIntake.adult.transferredinFromAgency.outOfState": 1,
        "liveIntake.ageUnknown.otherIntakes": 1,
        "outComes.liveOutcomes.adult.adoption": 1,
        "outComes.liveOutcomes.adult.returnedToField": 1,
        "outComes.otherOutcomes.upToFiveMonths.diedInCare": 1,
        "outComes.otherOutcomes.adult.lostInCare": 1,
        "outComes.otherOutcomes.adult.ownerIntendedEuthanasia": 1,
      }),
    );
    expect(rabbit).toEqual(
      zeroBut({
        period: "2025",
        species: "rabbit",
        "liveIntake.adult.otherIntakes": 1,
        "outComes.liveOutcomes.adult.adoption": 1,
      }),
    );
  });

  it("writes a line per month and species when given a year's months, as SAC takes them", () => {
    const rows = rowsOf(sacMatrixCsv(periodOf("2025-Q4").months.map(matrixOf)));
    expect(rows.map((row) => `${row.period} ${row.species}`)).toEqual([
      "2025-10 canine",
      "2025-10 feline",
      "2025-11 canine",
      "2025-11 feline",
      "2025-12 canine",
      "2025-12 feline",
    ]);
  });

  it("spells reptiles and amphibians as SAC does", () => {
    const reptile = basicDataMatrix(
      stayFactsOf(
        [{ categoryId: 5, stays: [{ ...KNOWN_ANSWER_ANIMALS[1]!.stays[0]!, placements: [] }] }],
        new Map([[5, "reptile_amphibian"]]),
        zone,
      ),
      periodOf("2025-06"),
      zone,
    );
    expect(rowsOf(sacMatrixCsv([reptile]))[0]?.species).toBe("reptile_or_amphibian");
  });
});
