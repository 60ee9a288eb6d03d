import "server-only";
import { EventListParams } from "@/lib/events/list-params";
import { readFeed } from "@/lib/events/feed";
import { nextPageLink } from "@/lib/paging/link-header";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { parseSearchParams } from "./parse-search-params";

export const EVENTS_PATH = "/v1/events";

/**
 * listEvents: GET /v1/events — the event feed, oldest first, resumable from the
 * `rel="next"` link every page carries (lib/events/feed.ts).
 */
export const listEvents = defineOperation(
  {
    operationId: "listEvents",
    method: "GET",
    path: "/events",
    scope: "events:read",
    stability: "experimental",
    summary: "Read the event feed",
  },
  async (request, _context, caller) => {
    const query = parseSearchParams(request.url, EventListParams);
    const page = await readFeed(caller?.scopes ?? [], query);
    const { limit } = query;
    const Link = nextPageLink(EVENTS_PATH, { limit, type: query.type?.join(","), after: page.next });
    return jsonResponse(page.events, 200, { Link });
  },
);
