import { applicationsResource } from "@/lib/applications/applications-resource";
import { staysResource } from "@/lib/animal-record/stays-resource";
import { medicalResource } from "@/lib/animal-record/medical-resource";
import { calendarResource } from "@/lib/animal-record/calendar-resource";
import { healthSummaryResource } from "@/lib/animal-record/health-summary-resource";
import { statsResource } from "@/lib/stats/stats-resource";

/**
 * Every resource declared with defineResource (docs/decisions/282), in the order their scopes,
 * error codes and tags follow the older ones' in the OpenAPI document. A new resource is one
 * line here (and its import); the scopes (lib/keys/scopes.ts), the event registry
 * (lib/events/event-types.ts), the error codes (lib/api/errors.ts), their answers
 * (lib/api/to-api-error.ts) and the document's tags follow. The resources from before the
 * declaration keep their entries in those registries until each moves into one of its own.
 */
export const RESOURCES = [
  applicationsResource,
  staysResource,
  medicalResource,
  calendarResource,
  healthSummaryResource,
  statsResource,
] as const;
