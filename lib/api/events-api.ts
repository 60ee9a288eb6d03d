import "server-only";
import { EventListParams } from "@/lib/events/list-params";
import { readFeed } from "@/lib/events/feed";
import { nextPageLink } from "@/lib/paging/link-header";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { parseSearchParams } from "./parse-search-params";
import { describeReadScopes } from "@/lib/events/visibility";
import { errorRefs } from "./openapi/error-responses";
import { headerRefs } from "./openapi/response-headers";
import { queryParameters } from "./openapi/operation-parts";
import { RATE_LIMIT_HEADERS } from "./openapi/shared-parts";

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
    document: {
      tag: "events",
      description: [
        "What changed, oldest first, at most `limit` (default 20), optionally only some `type`s.",
        'Every page carries `Link: <…>; rel="next"` with an `after` cursor: follow it for the next page, and keep polling it once a page comes back short or empty (no event is ever skipped: an event never appears behind one already shown).',
        `A caller sees only the event types whose resource it may read, each by its prefix: ${describeReadScopes()}. Events it may not see are left out of its pages (the cursor still moves past them); asking for such a type is a 403.`,
        "Events are kept `PETSTORE_EVENT_RETENTION_DAYS` (default 30); a cursor older than that is 410 `cursor_expired`, never a silent gap.",
      ].join(" "),
      parameters: queryParameters(EventListParams),
      responses: {
        "200": {
          description: "A page of events, oldest first",
          headers: headerRefs("NextPageLink", "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
          // Events is a component of its own, made with the event types' schemas (./openapi/event-paths.ts).
          content: { "application/json": { schema: { $ref: "#/components/schemas/Events" } } },
        },
        ...errorRefs({
          "400": "BadRequest",
          "401": "Unauthorized",
          "403": "Forbidden",
          "410": "CursorExpired",
          "429": "TooManyRequests",
          "500": "InternalError",
          "503": "StoreUnavailable",
        }),
      },
    },
  },
  async (request, _context, caller) => {
    const query = parseSearchParams(request.url, EventListParams);
    const page = await readFeed(caller?.scopes ?? [], query);
    const { limit } = query;
    const Link = nextPageLink(EVENTS_PATH, { limit, type: query.type?.join(","), after: page.next });
    return jsonResponse(page.events, 200, { Link });
  },
);
