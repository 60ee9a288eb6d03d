import "server-only";
import * as z from "zod";
import { jsonResponse } from "@/lib/api/api-route";
import { defineOperation } from "@/lib/api/operation";
import { errorRefs } from "@/lib/api/openapi/error-responses";
import { COMMON_ERRORS, emptyAnswer, jsonAnswer } from "@/lib/api/openapi/operation-parts";
import { parseSearchParams } from "@/lib/api/parse-search-params";
import { CalendarFeed } from "./calendar-token";
import { issueCalendarFeed, revokeCalendarFeed } from "./calendar-feed";
import { DueList } from "./due-schemas";
import { readDueList } from "./due-service";

const NoQuery = z.strictObject({});

/** getDueList: GET /v1/medical/due — what is overdue and due this week for the animals in care. */
export const getDueList = defineOperation(
  {
    operationId: "getDueList",
    method: "GET",
    path: "/medical/due",
    scope: "medical:read",
    stability: "experimental",
    summary: "List the treatments overdue and due this week",
    document: {
      tag: "medical",
      description:
        "For the animals in the shelter's care (an open stay: in the shelter or in foster), the vaccinations, tests and treatments whose next due day is before today (`overdue`) or today and the six days after it (`thisWeek`), earliest first. Days are the shelter's (`PETSTORE_TIME_ZONE`); `today` says which day that is. For each animal and item only the latest entry counts, so recording one given takes it off the list.",
      requestParams: { query: NoQuery },
      responses: {
        "200": jsonAnswer("The due list", DueList),
        ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
      },
    },
  },
  async (request) => {
    parseSearchParams(request.url, NoQuery);
    return jsonResponse(await readDueList());
  },
);

/** issueCalendarToken: POST /v1/medical/calendar-token — the caller's feed address, shown once. */
export const issueCalendarToken = defineOperation(
  {
    operationId: "issueCalendarToken",
    method: "POST",
    path: "/medical/calendar-token",
    scope: "medical:read",
    stability: "experimental",
    summary: "Issue the caller's calendar feed address",
    document: {
      tag: "medical",
      description:
        "Issues the caller (the person signed in, or the API key) a token for the iCalendar feed (RFC 5545) of the due list's treatments, and answers the feed's address with it, which is never shown again (only the token's SHA-256 is kept). Each caller has one: issuing another replaces it, and the address before stops working. The feed names the treatment, the animal and the day, nothing else; it works only while the caller holds `medical:read` (a key revoked, a person deactivated or demoted: it answers 404). No body. Not idempotent: a retry issues another address.",
      responses: {
        "200": jsonAnswer("Issued; the address before it, if any, no longer works", CalendarFeed),
        ...errorRefs(COMMON_ERRORS),
      },
    },
  },
  async (_request, _context, caller) => jsonResponse(await issueCalendarFeed(caller!)),
);

/** revokeCalendarToken: DELETE /v1/medical/calendar-token — 204, also when the caller had none. */
export const revokeCalendarToken = defineOperation(
  {
    operationId: "revokeCalendarToken",
    method: "DELETE",
    path: "/medical/calendar-token",
    scope: "medical:read",
    stability: "experimental",
    summary: "Revoke the caller's calendar feed address",
    document: {
      tag: "medical",
      description:
        "The caller's feed address answers 404 from then on; calendars subscribed to it keep what they last fetched. Revoking when there is none changes nothing and answers 204 again.",
      responses: {
        "204": emptyAnswer("Revoked"),
        ...errorRefs(COMMON_ERRORS),
      },
    },
  },
  async (_request, _context, caller) => {
    await revokeCalendarFeed(caller!);
    return new Response(null, { status: 204 });
  },
);
