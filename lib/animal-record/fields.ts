import * as z from "zod";
import { REASON_MAX_LENGTH, StatusReason } from "@/lib/pets/schemas";

/*
 * The building blocks of the animal's record (issue 41): ids, dates, times and text, each
 * rule written once. Isomorphic: the console's forms import the schemas built from these.
 */

/** An int64 id in the contract, at most 2^53-1 here (docs/decisions/003). */
export const recordId = (what: string, example: number) =>
  z
    .int({ error: "must be an integer" })
    .min(1, { error: "must be at least 1" })
    .max(Number.MAX_SAFE_INTEGER, { error: `must be at most ${Number.MAX_SAFE_INTEGER}` })
    .meta({ format: "int64", description: `${what}: a positive integer, at most 2^53-1`, examples: [example] });

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const dayExists = (day: string) => !Number.isNaN(Date.parse(day)) && new Date(day).toISOString().startsWith(day);
const FIRST_DAY = "1900-01-01";

/** CalendarDay's rule without its messages, for the store's reader (./file-stay-decode.ts). */
export const isCalendarDay = (value: unknown): value is string =>
  typeof value === "string" && DAY_SHAPE.test(value) && dayExists(value) && value >= FIRST_DAY;

/** A calendar day, YYYY-MM-DD, that exists (no 30 February). Days are the shelter's own: see ./calendar-day.ts. */
export const CalendarDay = z
  .string({ error: "must be a date, YYYY-MM-DD" })
  .regex(DAY_SHAPE, { error: "must be a date, YYYY-MM-DD" })
  .refine(dayExists, { error: "must be a date, YYYY-MM-DD" })
  .refine((day) => day >= FIRST_DAY, { error: `must be ${FIRST_DAY} or later` })
  .meta({ format: "date", examples: ["2026-11-28"] });

/** A moment, RFC 3339 in UTC, as every other time of the API. */
export const Moment = z.iso
  .datetime({ error: "must be a date and time, RFC 3339 in UTC (2026-11-28T14:05:00Z)" })
  .meta({ description: "RFC 3339, UTC", examples: ["2026-11-28T14:05:00Z"] });

/** Free text in a box: trimmed, 1 to `max` characters, line breaks kept, no other control characters. */
export const notesText = (max: number) =>
  z
    .string({ error: "must be text" })
    .trim()
    .min(1, { error: "must not be empty" })
    .refine((value) => [...value].length <= max, { error: `must be at most ${max} characters` })
    .regex(/^(?:[^\p{Cc}]|\n)*$/u, { error: "must not contain control characters other than line breaks" })
    .refine((value) => value.isWellFormed(), { error: "must be valid Unicode text" })
    .meta({ maxLength: max });

/** One line of text: a name, a lot number, a phone number. */
export const lineText = (max: number) =>
  z
    .string({ error: "must be text" })
    .trim()
    .min(1, { error: "must not be empty" })
    .refine((value) => [...value].length <= max, { error: `must be at most ${max} characters` })
    .regex(/^[^\p{Cc}]*$/u, { error: "must not contain control characters" })
    .refine((value) => value.isWellFormed(), { error: "must be valid Unicode text" })
    .meta({ maxLength: max });

export const NOTES_MAX = 2000;
export const REASON_MAX = REASON_MAX_LENGTH;

/**
 * Why a counted fact is corrected (an intake's type, an outcome's date, a vaccination's day):
 * required, as a pet's status correction is (docs/decisions/155), stored with the change and
 * never logged, since it may name people.
 */
export const CorrectionReason = StatusReason.meta({
  description: `Why the record is corrected: trimmed, 1 to ${REASON_MAX} characters. Stored with the change, never logged.`,
  examples: ["Entered as a stray by mistake: the owner brought her in"],
});

/** The error a strict object gives a body that is not an object at all. */
export const objectError = {
  error: (issue: { code: string }) => (issue.code === "invalid_type" ? "must be a JSON object" : undefined),
};
