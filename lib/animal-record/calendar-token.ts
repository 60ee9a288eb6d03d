import * as z from "zod";
import { Moment } from "./fields";

/*
 * The calendar feed's token (docs/decisions/258): a capability for the due treatments' feed
 * alone, not an API key (docs/decisions/249). One per holder (a person, or an API key), shown
 * once, kept only as its SHA-256, and honoured only while its holder still reads medical data.
 */

/** Where the feed is served, outside /v1: calendar apps subscribe to a plain address. */
export const CALENDAR_FEED_PATH = "/calendar/due.ics";

/** 43 base64url characters: 256 random bits. */
export const CALENDAR_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Who the token was issued to: a signed-in person, or an API key (by its public id). */
export const CalendarTokenHolder = z.object({
  type: z.enum(["person", "key"]),
  id: z.string().min(1).max(64),
});
export type CalendarTokenHolder = z.infer<typeof CalendarTokenHolder>;

/** A token as kept: its holder, its digest (hex SHA-256), and when it was issued. */
export const CalendarTokenRecord = z.object({
  holder: CalendarTokenHolder,
  digest: z.string().regex(/^[0-9a-f]{64}$/),
  issuedAt: Moment,
});
export type CalendarTokenRecord = z.infer<typeof CalendarTokenRecord>;

/** The feed's address with its token, as issuing a token answers it (once). */
export function calendarFeedUrl(origin: string, token: string): string {
  const url = new URL(CALENDAR_FEED_PATH, origin);
  url.searchParams.set("token", token);
  return url.href;
}

export const CalendarFeed = z
  .object({
    url: z.url().meta({
      description:
        "The feed's address, token included: subscribe to it in a calendar app. Shown only in this answer; issue another to replace it.",
      examples: ["https://pets.example.org/calendar/due.ics?token=Q2FsZW5kYXItdG9rZW4tZXhhbXBsZS0wMTIzNDU2Nzg5"],
    }),
    issuedAt: Moment,
  })
  .meta({ id: "CalendarFeed", description: "The due treatments' iCalendar feed, as issued to the caller" });
export type CalendarFeed = z.infer<typeof CalendarFeed>;
