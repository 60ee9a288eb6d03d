import { defineResource } from "@/lib/resources/define-resource";

/**
 * The due list and each reader's calendar feed of it (docs/decisions/258): no scope, event or
 * error code of its own (it is read with `medical:read`, under the medical tag). Its
 * operations: ./calendar-resource-api.ts; its file part: ./file-calendar-token-part.ts.
 */
export const calendarResource = defineResource({ name: "calendar", decision: 258 });
