import "server-only";
import { apiRoute } from "@/lib/api/api-route";
import { ApiError } from "@/lib/api/api-error";
import { countAuthFailure, refuseBlockedAddress } from "@/lib/api/request-limits";
import { CALENDAR_FEED_PATH } from "./calendar-token";
import { calendarFeedFor } from "./calendar-feed";

/**
 * `GET /calendar/due.ics?token=…`: the due treatments as iCalendar (RFC 5545), outside /v1,
 * since calendar apps subscribe to an address and send no header (docs/decisions/258). An
 * unknown, revoked or powerless token is a 404, the same answer for each, and counts toward
 * its address's failed-authentication limit, as a wrong API key does: an address over it
 * is refused (429), a right token too. The access line names the route, never the query (lib/api/api-route.ts).
 */
export const calendarFeed = apiRoute({ auth: "public", route: CALENDAR_FEED_PATH }, async (request) => {
  refuseBlockedAddress(request);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const text = await calendarFeedFor(token);
  if (text === undefined) {
    throw await countAuthFailure(
      request,
      new ApiError(
        404,
        "not_found",
        "No calendar feed has this address; issue one with POST /v1/medical/calendar-token.",
      ),
    );
  }
  return new Response(text, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "no-store",
      // A download keeps its name; calendar apps ignore it.
      "Content-Disposition": 'inline; filename="due.ics"',
    },
  });
});
