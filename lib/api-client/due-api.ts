import "./zod-without-eval";
import * as z from "zod";
import { CalendarDay } from "@/lib/animal-record/fields";
import { MedicalKind } from "@/lib/animal-record/medical-schemas";
import { callV1 } from "./call-v1";

/*
 * The console's due list and calendar feed token (issue 41). The due list's items are the
 * domain's DueItem (lib/animal-record/due-list.ts), checked here field by field.
 */

const DueItem = z.object({
  petId: z.int(),
  petName: z.string(),
  itemId: z.int(),
  itemName: z.string(),
  kind: MedicalKind,
  due: CalendarDay,
  where: z.enum(["shelter", "foster"]),
});
export type DueItem = z.infer<typeof DueItem>;

const DueListAnswer = z.object({ overdue: z.array(DueItem), thisWeek: z.array(DueItem), today: CalendarDay });
export type DueListAnswer = z.infer<typeof DueListAnswer>;

export async function getDueListWithKey(apiKey: string): Promise<DueListAnswer> {
  const { json } = await callV1(apiKey, "GET", "/v1/medical/due");
  return DueListAnswer.parse(json);
}

/** The answer names the feed's address, or only its token (the feed lives at /calendar/due.ics). */
const IssuedToken = z.looseObject({ token: z.string().optional(), url: z.string().optional() });

/** Issues (or replaces) the caller's calendar feed token: the feed's address, shown once. */
export async function issueCalendarTokenWithKey(apiKey: string): Promise<string> {
  const { json } = await callV1(apiKey, "POST", "/v1/medical/calendar-token");
  const issued = IssuedToken.parse(json);
  if (issued.url) return new URL(issued.url, window.location.origin).href;
  if (!issued.token) throw new Error("The answer named no calendar token.");
  return new URL(`/calendar/due.ics?token=${encodeURIComponent(issued.token)}`, window.location.origin).href;
}
