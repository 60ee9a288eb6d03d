import { describe, expect, it } from "vitest";
import { dayOf } from "@/lib/animal-record/calendar-day";
import { daysInZone } from "./zoned-days";

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
