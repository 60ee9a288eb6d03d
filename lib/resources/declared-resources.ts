/*
 * Every resource declared with defineResource (docs/decisions/282, 305): one line a resource,
 * in any order (./resources.ts lists them by their `decision`). Its file parts and stores are
 * one line in ./declared-resource-storage.ts, its operations one in ./declared-resource-api.ts.
 */
export { petsResource } from "@/lib/pets/pets-resource";
export { ordersResource } from "@/lib/orders/orders-resource";
export { categoriesResource } from "@/lib/categories/categories-resource";
export { photosResource } from "@/lib/photos/photos-resource";
export { peopleResource } from "@/lib/people/people-resource";
export { auditResource } from "@/lib/audit/audit-resource";
export { applicationsResource } from "@/lib/applications/applications-resource";
export { staysResource } from "@/lib/animal-record/stays-resource";
export { medicalResource } from "@/lib/animal-record/medical-resource";
export { calendarResource } from "@/lib/animal-record/calendar-resource";
export { healthSummaryResource } from "@/lib/animal-record/health-summary-resource";
export { statsResource } from "@/lib/stats/stats-resource";
