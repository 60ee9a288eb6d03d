import "./zod-without-eval";
import { AuditEntries, type AuditEntry } from "@/lib/audit/schemas";
import { parseNextCursor } from "@/lib/paging/link-header";
import { unreadableAnswer } from "./read-api-error";
import { succeeded, v1Client } from "./v1-client";

/** A page of the record of who did what, and the cursor of the next when more match. */
export interface AuditPage {
  entries: AuditEntry[];
  nextCursor?: string;
}

/** The console's call to GET /v1/audit with the staff key, checked against the schema the server answers from. */
export async function listAuditWithKey(
  apiKey: string,
  query: {
    actor?: string;
    resource?: string;
    type?: string;
    since?: string;
    until?: string;
    limit: number;
    cursor?: string;
  },
): Promise<AuditPage> {
  const { data, response } = await succeeded(v1Client(apiKey).GET("/audit", { params: { query }, cache: "no-store" }));
  const entries = AuditEntries.safeParse(data);
  if (!entries.success) throw unreadableAnswer(response.status, "Unreadable activity");
  return { entries: entries.data, nextCursor: parseNextCursor(response.headers.get("Link")) };
}
