import "server-only";
import { defineResourceApi } from "@/lib/api/resource-api";
import { calendarResource } from "./calendar-resource";
import { getDueList, issueCalendarToken, revokeCalendarToken } from "./due-api";

/** The due list's and the calendar feed's /v1 operations. */
export const calendarApi = defineResourceApi(calendarResource, [getDueList, issueCalendarToken, revokeCalendarToken]);
