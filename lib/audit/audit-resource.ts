import { defineResource } from "@/lib/resources/define-resource";

/**
 * The audit: who did what, read off the event log (docs/decisions/187), declared once
 * (docs/decisions/282, 315). No events or error codes of its own: each change it shows is an
 * event of its resource, read with that resource's read scope besides `audit:read`. Its
 * operation: lib/api/audit-api.ts.
 */
export const auditResource = defineResource({
  name: "audit",
  decision: 187,
  tag: { name: "audit", description: "Who did what: the record of every change and its actor (experimental)" },
  scopes: {
    "audit:read": "read the record of who did what (each change also needs its resource's read scope)",
  },
});
