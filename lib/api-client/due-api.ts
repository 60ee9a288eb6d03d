import "./zod-without-eval";
import { CalendarFeed } from "@/lib/animal-record/calendar-token";
import { DueList, type DueItem } from "@/lib/animal-record/due-schemas";
import { callV1 } from "./call-v1";

/* The console's due list and calendar feed link (issue 41; docs/decisions/258), checked against the due schemas. */

export type { DueItem };
export type DueListAnswer = DueList;

export async function getDueListWithKey(apiKey: string): Promise<DueListAnswer> {
  const { json } = await callV1(apiKey, "GET", "/v1/medical/due");
  return DueList.parse(json);
}

/** Issues (or replaces) the caller's calendar feed token: the feed's address, shown once. */
export async function issueCalendarTokenWithKey(apiKey: string): Promise<string> {
  const { json } = await callV1(apiKey, "POST", "/v1/medical/calendar-token");
  return CalendarFeed.parse(json).url;
}
