import { describe, expect, it } from "vitest";
import { dayOf } from "@/lib/animal-record/calendar-day";
import { dayNumberOf, daysInZone, momentMs } from "./zoned-days";

describe("daysInZone: dayOf for many moments in one zone", () => {
  const zones = [
    "America/Los_Angeles",
    "Europe/London",
    "Australia/Lord_Howe",
    "Asia/Kathmandu",
    "Pacific/Chatham",
    "UTC",
  ];

  it.each(zones)("agrees with dayOf in %s, every 7 minutes across a year and its transitions", (zone) => {
    const dayIn = daysInZone(zone);
    const start = Date.UTC(2025, 0, 1);
    for (let ms = start; ms < start + 366 * 86_400_000; ms += 7 * 60_000 + 13_000) {
      const moment = new Date(ms).toISOString();
      if (dayIn(moment) !== dayOf(moment, zone)) expect([moment, dayIn(moment)]).toEqual([moment, dayOf(moment, zone)]);
    }
  });

  it("agrees with dayOf on moments written with an offset and fractions of a second", () => {
    const dayIn = daysInZone("America/Los_Angeles");
    for (const moment of [
      "2025-03-09T02:30:00-05:00",
      "2025-11-02T08:59:59.999Z",
      "2025-11-02T09:00:00.5Z",
      "2024-12-31T23:59:59+14:00",
    ]) {
      expect(dayIn(moment)).toBe(dayOf(moment, "America/Los_Angeles"));
    }
  });
});

describe("momentMs and dayNumberOf: Date.parse by arithmetic", () => {
  it("agrees with Date.parse on the record's moments and on every other form", () => {
    const moments = [
      "2025-03-09T10:00:00Z",
      "2025-03-09T10:00:00.123Z",
      "2024-02-29T23:59:59.999Z",
      "2025-02-30T00:00:00Z",
      "2025-04-31T12:00:00Z",
      "2025-13-01T00:00:00Z",
      "2025-01-01T24:00:00Z",
      "0099-01-01T00:00:00Z",
      "1969-12-31T23:59:59Z",
      "2025-03-09T02:30:00-05:00",
      "2025-11-02T09:00:00.5Z",
      "2025-11-02T09:00Z",
      "2025-11-02T09:00:00.123456Z",
      "2025-1x-02T09:00:00Z",
      "not a moment",
    ];
    for (let ms = Date.UTC(1900, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 86_400_000 * 5 + 3_723_456) {
      moments.push(new Date(ms).toISOString(), new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z"));
    }
    for (const moment of moments) {
      if (!Object.is(momentMs(moment), Date.parse(moment))) {
        expect([moment, momentMs(moment)]).toEqual([moment, Date.parse(moment)]);
      }
    }
  });

  it("numbers the days since 1970 of YYYY-MM-DD days only", () => {
    for (let ms = Date.UTC(1900, 0, 1); ms < Date.UTC(2100, 0, 1); ms += 86_400_000) {
      const day = new Date(ms).toISOString().slice(0, 10);
      if (dayNumberOf(day) !== ms / 86_400_000) expect([day, dayNumberOf(day)]).toEqual([day, ms / 86_400_000]);
    }
    for (const day of ["2025-02-29", "2024-02-30", "2025-04-31", "2025-13-01", "2025-00-10", "2025-1-01", "20250101"]) {
      expect([day, dayNumberOf(day)]).toEqual([day, NaN]);
    }
  });
});
