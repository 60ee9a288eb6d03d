import * as z from "zod";
import { Cursor } from "@/lib/paging/cursor-param";
import { LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN } from "@/lib/paging/page-limits";
import { ApplicationState } from "./states";

/** A query parameter of plain decimal digits, as the other listings take them: "1.5", "1e1", " 5" are refused. */
function whole(min: number, max: number, rule: string, digits: number) {
  return z.codec(
    z.string().regex(new RegExp(`^\\d{1,${digits}}$`), { error: rule }),
    z.int().min(min, { error: rule }).max(max, { error: rule }),
    { decode: (text) => Number(text), encode: (value) => String(value) },
  );
}

export const OLDER_THAN_DAYS_MAX = 3650;

/** listApplications' query: the listOrders conventions, plus the age of an application. */
export const ApplicationListParams = z
  .strictObject({
    limit: whole(LIMIT_MIN, LIMIT_MAX, `must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}`, 4)
      .meta({ description: `Maximum number of applications to return (${LIMIT_MIN} to ${LIMIT_MAX})` })
      .default(LIMIT_DEFAULT),
    state: ApplicationState.optional(),
    petId: whole(1, Number.MAX_SAFE_INTEGER, "must be a positive integer such as 42", 16)
      .meta({ description: "Only applications for this animal" })
      .optional(),
    olderThanDays: whole(1, OLDER_THAN_DAYS_MAX, `must be a whole number of days from 1 to ${OLDER_THAN_DAYS_MAX}`, 4)
      .meta({ description: "Only applications submitted more than this many days ago (the ones waiting longest)" })
      .optional(),
    submittedBefore: z.iso
      .datetime({ error: "must be an RFC 3339 time in UTC, like 2026-11-20T09:00:00Z" })
      .optional()
      .meta({
        description:
          "Only applications submitted before this time. The next-page link of an `olderThanDays` listing uses it, so that every page has the first page's cutoff",
      }),
    cursor: Cursor.optional(),
  })
  .refine((query) => query.olderThanDays === undefined || query.submittedBefore === undefined, {
    error: "olderThanDays and submittedBefore are two ways to say one thing: give one",
    path: ["submittedBefore"],
  });
export type ApplicationListParams = z.output<typeof ApplicationListParams>;
