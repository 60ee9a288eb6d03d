import { describe, expect, it } from "vitest";
import { FALLBACK_LOCALE, formatDay, formatTime, readerLocale } from "./format-time";

const MOMENT = "2026-11-28T14:05:00.000Z";

describe("formatTime and formatDay", () => {
  it("write one style in the locale asked", () => {
    expect(formatTime(MOMENT, "en-GB", "UTC")).toBe("28 Nov 2026, 14:05");
    expect(formatTime(MOMENT, "en-US", "UTC")).toBe("Nov 28, 2026, 2:05 PM");
    expect(formatDay(MOMENT, "de-DE", "UTC")).toBe("28.11.2026");
  });

  it("write the moment in the zone asked", () => {
    expect(formatTime(MOMENT, "en-GB", "Europe/Paris")).toBe("28 Nov 2026, 15:05");
  });
});

describe("readerLocale", () => {
  it("takes the most preferred tag Intl knows", () => {
    expect(readerLocale("fr-CH, fr;q=0.9, en;q=0.8")).toBe("fr-CH");
    expect(readerLocale("en;q=0.5, de-DE")).toBe("de-DE");
  });

  it("skips what it cannot use and falls back to the site's English", () => {
    expect(readerLocale("*, not a tag!, de;q=0")).toBe(FALLBACK_LOCALE);
    expect(readerLocale(undefined)).toBe(FALLBACK_LOCALE);
    expect(readerLocale("")).toBe(FALLBACK_LOCALE);
  });
});
