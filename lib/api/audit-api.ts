import "server-only";
import { AuditListParams } from "@/lib/audit/list-params";
import { readAuditPage } from "@/lib/audit/read-audit";
import { nextPageLink } from "@/lib/paging/link-header";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { parseSearchParams } from "./parse-search-params";

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
