import { describe, expect, it } from "vitest";
import { lastFullMonth, publicPeriod } from "./public-period";

describe("the public page's period", () => {
  it("ends with the last full month in the shelter's zone", () => {
    // 07:30 UTC on 1 December is still 30 November in California.
    const moment = Date.parse("2026-12-01T07:30:00Z");
    expect(lastFullMonth(moment, "UTC")).toBe("2026-11");
    expect(lastFullMonth(moment, "America/Los_Angeles")).toBe("2026-10");
    expect(lastFullMonth(Date.parse("2026-01-15T12:00:00Z"), "UTC")).toBe("2025-12");
  });

  it("covers the twelve months ending with it", () => {
    const period = publicPeriod(Date.parse("2026-11-28T12:00:00Z"), "UTC");
    expect(period).toMatchObject({ id: "2025-11/2026-10", first: "2025-11-01", last: "2026-10-31" });
    expect(period.months).toHaveLength(12);
  });
});
