import { describe, expect, it } from "vitest";
import type { SacAnimal } from "@/lib/animal-record/sac-month";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "./known-answer-year";
import { periodOf } from "./period";
import { RECORD_COLUMNS, recordsCsv } from "./records-csv";
import { stayFactsOf } from "./stay-facts";

const zone = KNOWN_ANSWER_TIME_ZONE;
const facts = stayFactsOf(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, zone);

describe("all records of a period as CSV", () => {
  const lines = [...recordsCsv(facts, periodOf("2025"))];

  it("starts with its header", () => {
    expect(lines[0]).toBe(
      "pet_id,stay_id,species,intake_at,intake_day,intake_type,intake_subtype,intake_sac_row,intake_condition," +
        "age_group_at_intake,outcome_at,outcome_day,outcome_type,outcome_subtype,outcome_sac_row,outcome_group," +
        "age_group_at_outcome,length_of_stay_days,foster_placements\r\n",
    );
  });

  it("has a line for every stay in care at any time in the period, none for the others", () => {
    const stayIds = lines.slice(1).map((line) => Number(line.split(",")[1]));
    // 1017 ended in 2024 and 1018 began in 2026.
    expect(stayIds).toEqual(Array.from({ length: 16 }, (_, index) => 1001 + index));
  });

  it("writes a stay's days in the shelter's zone and its length in days", () => {
    expect(lines.find((line) => line.startsWith("111,"))).toBe(
      "111,1012,feline,2025-12-15T18:00:00Z,2025-12-15,stray,,stray_at_large,healthy,adult," +
        "2026-01-01T04:00:00Z,2025-12-31,adoption,,adoption,live,adult,16.42,0\r\n",
    );
    expect(lines.find((line) => line.startsWith("102,"))).toBe(
      "102,1003,feline,2025-06-20T16:00:00Z,2025-06-20,relinquished_by_owner,,relinquished_by_owner,healthy,adult," +
        ",,,,,,,,1\r\n",
    );
  });

  it("never writes a personal part: no source, destination, carer or notes", () => {
    const personal: SacAnimal = {
      categoryId: 1,
      stays: [
        {
          id: 1,
          petId: 1,
          intake: {
            at: "2025-05-01T10:00:00Z",
            type: "relinquished_by_owner",
            condition: "healthy",
            sourceKind: "person",
            personal: { source: { name: "Ada Lovelace", phone: "+1 555 0100" }, notes: "=HYPERLINK(1)" },
          },
          outcome: {
            at: "2025-05-09T10:00:00Z",
            type: "adoption",
            personal: { destination: { name: "Grace Hopper" }, notes: "Lives at 1 Main St" },
          },
          placements: [
            { id: 1, from: "2025-05-02", until: "2025-05-03", personal: { carer: { name: "Alan Turing" } } },
          ],
        },
      ],
    };
    const csv = [...recordsCsv(stayFactsOf([personal], new Map(), "UTC"), periodOf("2025-05"))].join("");
    expect(csv).not.toMatch(/Ada|Lovelace|555|HYPERLINK|Grace|Hopper|Main St|Alan|Turing/);
    expect(csv.split("\r\n")[1]).toMatch(/^1,1,unmapped,2025-05-01T10:00:00Z,/);
  });

  it("has a writer for every column, each header once", () => {
    const headers = RECORD_COLUMNS.map((column) => column.header);
    expect(new Set(headers).size).toBe(headers.length);
  });

  it("yields line by line, so a large period streams", () => {
    const lines = recordsCsv(facts, periodOf("2025"));
    expect(lines.next().value).toMatch(/^pet_id,/);
    expect(lines.next().value).toMatch(/^101,1001,/);
  });
});
