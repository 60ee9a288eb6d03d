import { describe, expect, it } from "vitest";
import { formatCount, formatDays, formatRate, monthShort, monthsWords, withheldWords } from "./stats-words";

describe("the statistics' words", () => {
  it("cuts a rate to one decimal rather than rounding it up to a whole", () => {
    expect(formatRate(0.8765)).toBe("87.6%");
    expect(formatRate(0.57)).toBe("57.0%");
    expect(formatRate(9995 / 10000)).toBe("99.9%");
    expect(formatRate(1)).toBe("100.0%");
    expect(formatRate(0)).toBe("0.0%");
  });

  it("writes counts, days and months as a reader reads them", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatDays(12.345)).toBe("12.3 days");
    expect(formatDays(1)).toBe("1.0 day");
    expect(monthShort("2026-03")).toBe("Mar 2026");
    expect(monthsWords(["2025-12", "2026-01", "2026-11"])).toBe("December 2025 to November 2026");
    expect(monthsWords(["2026-02"])).toBe("February 2026");
  });

  it("gives a withheld figure's reason in words", () => {
    expect(withheldWords({ message: "Fewer than 10 outcomes counted: shown as counts only" })).toBe(
      "Not given: fewer than 10 outcomes counted, shown as counts only",
    );
    expect(withheldWords({ message: "No animals that left in the period" })).toBe(
      "Not given: no animals that left in the period",
    );
  });
});
