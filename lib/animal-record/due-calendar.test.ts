import { describe, expect, it } from "vitest";
import { dueCalendar } from "./due-calendar";
import type { DueItem } from "./due-list";

const options = { now: new Date("2026-11-28T14:05:09.123Z"), host: "shelter.example.org", name: "Due treatments" };
const rabies: DueItem = {
  petId: 42,
  petName: "Rex",
  itemId: 2,
  itemName: "Rabies",
  kind: "vaccination",
  due: "2026-12-01",
  where: "foster",
};

describe("dueCalendar", () => {
  it("writes one all-day event per due item, byte for byte", () => {
    expect(dueCalendar([rabies], options)).toBe(
      [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Pet Store//Due treatments//EN",
        "CALSCALE:GREGORIAN",
        "X-WR-CALNAME:Due treatments",
        "BEGIN:VEVENT",
        "UID:due-42-2-20261201@shelter.example.org",
        "DTSTAMP:20261128T140509Z",
        "DTSTART;VALUE=DATE:20261201",
        "SUMMARY:Rabies: Rex",
        "TRANSP:TRANSPARENT",
        "END:VEVENT",
        "END:VCALENDAR",
        "",
      ].join("\r\n"),
    );
  });

  it("is an empty calendar, still valid, when nothing is due", () => {
    expect(dueCalendar([], options)).toBe(
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Pet Store//Due treatments//EN\r\nCALSCALE:GREGORIAN\r\nX-WR-CALNAME:Due treatments\r\nEND:VCALENDAR\r\n",
    );
  });

  it("escapes and folds a long name with commas and semicolons", () => {
    const item = { ...rabies, petName: "Sir Barksalot, the Third; of Lakeside Kennels and Gardens, Upper Meadow" };
    const feed = dueCalendar([item], options);
    expect(feed).toContain(
      // 75 octets, then the rest on a continuation line that begins with one space.
      "SUMMARY:Rabies: Sir Barksalot\\, the Third\\; of Lakeside Kennels and Gardens\r\n \\, Upper Meadow\r\n",
    );
    for (const line of feed.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it("carries the treatment and the animal's name only: no carer, no whereabouts, no notes", () => {
    const feed = dueCalendar([rabies], options);
    expect(feed).not.toMatch(/foster|DESCRIPTION|LOCATION|ATTENDEE/i);
  });

  it("gives the same UID to the same animal, item and day, so a calendar updates instead of copying", () => {
    const later = dueCalendar([rabies], { ...options, now: new Date("2026-11-29T08:00:00Z") });
    const uid = (feed: string) => feed.split("\r\n").find((line) => line.startsWith("UID:"));
    expect(uid(later)).toBe(uid(dueCalendar([rabies], options)));
  });
});
