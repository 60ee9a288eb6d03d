import "server-only";
import { AuditListParams } from "@/lib/audit/list-params";
import { readAuditPage } from "@/lib/audit/read-audit";
import { nextPageLink } from "@/lib/paging/link-header";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { parseSearchParams } from "./parse-search-params";
import { AuditEntries } from "@/lib/audit/schemas";
import { describeReadScopes } from "@/lib/events/visibility";
import { errorRefs } from "./openapi/error-responses";
import { headerRefs } from "./openapi/response-headers";
import { queryParameters } from "./openapi/operation-parts";
import { RATE_LIMIT_HEADERS } from "./openapi/shared-parts";

const AS_WRITTEN: Record<string, Record<string, unknown>> = {
  actor: { type: "string", examples: ["api_key:a1b2c3d4e5f6", "person:p_7x2k", "operator", "system"] },
  resource: { type: "string", examples: ["pet:42", "order:7", "webhook_endpoint:whe_1"] },
  type: { type: "string", examples: ["pet.status_changed", "pet.", "order.placed,order.cancelled"] },
  since: { type: "string", format: "date-time" },
  until: { type: "string", format: "date-time" },
};

export const AUDIT_PATH = "/v1/audit";

/**
 * listAudit: GET /v1/audit — who did what, newest first, with what each change changed
 * (lib/audit/read-audit.ts), each kind of change only to a caller who may read its resource
 * (docs/decisions/209). Pages like the orders: a `rel="next"` link keeping the filters
 * while more entries match.
 */
export const listAudit = defineOperation(
  {
    operationId: "listAudit",
    method: "GET",
    path: "/audit",
    scope: "audit:read",
    stability: "experimental",
    summary: "Read who did what",
    document: {
      tag: "audit",
      description: [
        "Every change to pets, orders, categories, keys, people and webhook endpoints, newest first, at most `limit` (default 20): who made it (`actor`), to what (`resource`), when, and what it changed from what to what (`changes`, against the previous record of the same resource).",
        "Filters by `actor`, `resource`, `type` (an event type, or a prefix such as `pet.`) and time (`since`, `until`); every filter given must match.",
        `A caller sees only the changes to resources it may read, as in the event feed: ${describeReadScopes()}. A \`type\` or \`resource\` filter naming others is a 403, and people's names (\`actorName\`, a person's \`resource.name\`) need \`people:read\`.`,
        'When more entries match, `Link: <…>; rel="next"` keeps the filters and carries a cursor.',
        "It is the event log read another way: kept as long, `PETSTORE_EVENT_RETENTION_DAYS` (default 30).",
      ].join(" "),
      parameters: queryParameters(AuditListParams, AS_WRITTEN),
      responses: {
        "200": {
          description: "A page of the record, newest first",
          headers: headerRefs("NextPageLink", "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
          content: { "application/json": { schema: AuditEntries } },
        },
        ...errorRefs({
          "400": "BadRequest",
          "401": "Unauthorized",
          "403": "Forbidden",
          "429": "TooManyRequests",
          "500": "InternalError",
          "503": "StoreUnavailable",
        }),
      },
    },
  },
  async (request, _context, caller) => {
    const query = parseSearchParams(request.url, AuditListParams);
    const page = await readAuditPage(query, caller?.scopes ?? []);
    const headers: Record<string, string> = {};
    if (page.nextCursor) {
      const raw = new URL(request.url).searchParams;
      const filters = Object.fromEntries(
        ["actor", "resource", "type", "since", "until"].map((name) => [name, raw.get(name) ?? undefined]),
      );
      headers.Link = nextPageLink(AUDIT_PATH, { limit: query.limit, ...filters, cursor: page.nextCursor });
    }
    return jsonResponse(page.entries, 200, headers);
  },
);
