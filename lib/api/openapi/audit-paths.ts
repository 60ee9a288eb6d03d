import "server-only";
import { AuditListParams } from "@/lib/audit/list-params";
import { AuditChange, AuditEntries, AuditEntry, AuditResource } from "@/lib/audit/schemas";
import { describeReadScopes } from "@/lib/events/visibility";
import { errorRefs } from "./error-responses";
import { headerRefs } from "./response-headers";
import { EXPERIMENTAL, queryParameters } from "./operation-parts";
import { RATE_LIMIT_HEADERS } from "./shared-parts";

// Touch the schemas so their registrations (the `.meta({ id })` calls) are certain to have run.
void [AuditChange, AuditEntries, AuditEntry, AuditResource];

/** The filters as they are written in the query (their parsed forms are no JSON Schema's business). */
const AS_WRITTEN: Record<string, Record<string, unknown>> = {
  actor: { type: "string", examples: ["api_key:a1b2c3d4e5f6", "person:p_7x2k", "operator", "system"] },
  resource: { type: "string", examples: ["pet:42", "order:7", "webhook_endpoint:whe_1"] },
  type: { type: "string", examples: ["pet.status_changed", "pet.", "order.placed,order.cancelled"] },
  since: { type: "string", format: "date-time" },
  until: { type: "string", format: "date-time" },
};

/** GET /v1/audit: the record of who did what (lib/audit/read-audit.ts, docs/decisions/187). */
export function auditPaths() {
  return {
    "/audit": {
      get: {
        operationId: "listAudit",
        security: [{ bearerAuth: ["audit:read"] }],
        tags: ["audit"],
        "x-stability": "experimental",
        summary: "Read who did what",
        description: [
          "Every change to pets, orders, categories, keys, people and webhook endpoints, newest first, at most `limit` (default 20): who made it (`actor`), to what (`resource`), when, and what it changed from what to what (`changes`, against the previous record of the same resource).",
          "Filters by `actor`, `resource`, `type` (an event type, or a prefix such as `pet.`) and time (`since`, `until`); every filter given must match.",
          `A caller sees only the changes to resources it may read, as in the event feed: ${describeReadScopes()}. A \`type\` or \`resource\` filter naming others is a 403, and people's names (\`actorName\`, a person's \`resource.name\`) need \`people:read\`.`,
          'When more entries match, `Link: <…>; rel="next"` keeps the filters and carries a cursor.',
          "It is the event log read another way: kept as long, `PETSTORE_EVENT_RETENTION_DAYS` (default 30).",
          EXPERIMENTAL,
        ].join(" "),
        parameters: queryParameters(AuditListParams, AS_WRITTEN),
        responses: {
          "200": {
            description: "A page of the record, newest first",
            headers: headerRefs("NextPageLink", "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
            content: { "application/json": { schema: { $ref: "#/components/schemas/AuditEntries" } } },
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
  };
}
