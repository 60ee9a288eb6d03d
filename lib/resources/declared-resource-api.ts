/*
 * Each declared resource's /v1 operations (lib/api/resource-api.ts, docs/decisions/282, 305):
 * one line a resource with operations, in any order (lib/api/v1-operations.ts lists them in
 * the resources' order).
 */
export { applicationsApi } from "@/lib/applications/applications-resource-api";
export { staysApi } from "@/lib/animal-record/stays-resource-api";
export { medicalApi } from "@/lib/animal-record/medical-resource-api";
export { calendarApi } from "@/lib/animal-record/calendar-resource-api";
export { healthSummaryApi } from "@/lib/animal-record/health-summary-resource-api";
export { statsApi } from "@/lib/stats/stats-resource-api";
