import { describe, expect, it } from "vitest";
import type { Stay } from "@/lib/animal-record/stay-schemas";
import { sacAgeGroupOn } from "@/lib/animal-record/sac-age-group";
import { lengthOfStayDays, sacAgesOf, stayFactsOf, whereAtEndOf } from "./stay-facts";
import { dayNumberOf } from "./zoned-days";

const stay = (rest: Partial<Stay> = {}): Stay => ({
  id: 7,
  petId: 3,
  intake: { at: "2026-03-01T07:30:00Z", type: "stray", condition: "healthy", sourceKind: "unknown" },
  placements: [],
  ...rest,
});

describe("a stay's facts", () => {
  it("takes the days in the shelter's zone and the SAC age on each", () => {
    const [facts] = stayFactsOf(
      [
        {
          categoryId: 9,
          birthDate: "2025-10-01",
          stays: [stay({ outcome: { at: "2026-03-02T07:30:00Z", type: "adoption" } })],
        },
      ],
      new Map([[1, "canine"]]),
      "America/Los_Angeles",
    );
    expect(facts).toMatchObject({
      ref: { petId: 3, stayId: 7 },
      species: "unmapped",
      intakeDay: "2026-02-28",
      outcomeDay: "2026-03-01",
      intakeAge: "up_to_5_months",
      outcomeAge: "adult",
      lengthDays: 1,
    });
  });

  it("measures a stay from intake to outcome in days, to the hundredth", () => {
    expect(lengthOfStayDays(stay({ outcome: { at: "2026-03-11T07:30:00Z", type: "adoption" } }))).toBe(10);
    expect(lengthOfStayDays(stay({ outcome: { at: "2026-03-01T11:30:00Z", type: "adoption" } }))).toBe(0.17);
    expect(lengthOfStayDays(stay({ outcome: { at: "2026-03-01T07:30:00Z", type: "adoption" } }))).toBe(0);
    expect(lengthOfStayDays(stay())).toBeUndefined();
  });

  it("is in care from the end of its intake's day to the day before its outcome's, in foster while placed", () => {
    const [facts] = stayFactsOf(
      [
        {
          categoryId: 1,
          stays: [
            stay({
              outcome: { at: "2026-03-20T10:00:00Z", type: "adoption" },
              placements: [{ id: 1, from: "2026-03-05", until: "2026-03-08" }],
            }),
          ],
        },
      ],
      new Map(),
      "UTC",
    );
    const where = (day: string) => whereAtEndOf(facts!, day);
    expect(
      ["2026-02-28", "2026-03-01", "2026-03-05", "2026-03-07", "2026-03-08", "2026-03-19", "2026-03-20"].map(where),
    ).toEqual(["not_in_care", "shelter", "foster", "foster", "shelter", "shelter", "not_in_care"]);
  });
});

describe("an animal's SAC ages as day numbers", () => {
  it("gives sacAgeGroupOn's group for every birth day of a leap year, at its boundaries and over two years", () => {
    const DAY_MS = 86_400_000;
    const nameOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
    for (let born = dayNumberOf("2024-01-01"); born <= dayNumberOf("2024-12-31"); born++) {
      const ages = sacAgesOf(nameOf(born))!;
      const grid = Array.from({ length: 80 }, (_, i) => dayNumberOf("2023-12-01") + i * 9);
      for (const day of [born - 1, born, ages.adultFrom - 1, ages.adultFrom, ...grid]) {
        const group = day < ages.born ? "unknown" : day < ages.adultFrom ? "up_to_5_months" : "adult";
        if (group !== sacAgeGroupOn(nameOf(born), nameOf(day))) {
          expect([nameOf(born), nameOf(day), group]).toEqual([nameOf(born), nameOf(day), "as sacAgeGroupOn"]);
        }
      }
    }
    expect(sacAgesOf(undefined)).toBeUndefined();
  });
});
