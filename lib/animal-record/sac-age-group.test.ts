import { describe, expect, it } from "vitest";
import { sacAgeGroupOn } from "./sac-age-group";

describe("sacAgeGroupOn", () => {
  it.each([
    ["2026-06-29", "up_to_5_months"], // 4 months and 30 days
    ["2026-06-28", "adult"], // 5 months to the day
    ["2026-11-28", "up_to_5_months"], // born on the day
    ["2020-01-01", "adult"],
  ] as const)("born %s is %s on 2026-11-28", (born, group) => {
    expect(sacAgeGroupOn(born, "2026-11-28")).toBe(group);
  });

  it("is unknown without a birth date, or with one after the day counted", () => {
    expect(sacAgeGroupOn(undefined, "2026-11-28")).toBe("unknown");
    expect(sacAgeGroupOn("2026-12-01", "2026-11-28")).toBe("unknown");
  });

  it("counts a month as birthdays do at a month's end", () => {
    // Born 31 January: 5 months complete on 1 July (June has no 31st), not on 30 June.
    expect(sacAgeGroupOn("2026-01-31", "2026-06-30")).toBe("up_to_5_months");
    expect(sacAgeGroupOn("2026-01-31", "2026-07-01")).toBe("adult");
  });
});
