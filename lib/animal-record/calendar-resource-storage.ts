import { defineResourceStorage } from "@/lib/resources/define-resource-storage";
import type { CalendarTokenStore } from "./calendar-token-store";
import { calendarResource } from "./calendar-resource";
import { calendarTokensPart } from "./file-calendar-token-part";

/** The calendar feed's tokens on the engines (docs/decisions/258). */
export const calendarStorage = defineResourceStorage<CalendarTokenStore>(calendarResource, {
  fileParts: [calendarTokensPart],
  store: {
    onFile: async (engine) => new (await import("./file-calendar-token-store")).FileCalendarTokenStore(engine),
    onPostgres: async ({ requests }) =>
      new (await import("./postgres-calendar-token-store")).PostgresCalendarTokenStore(requests),
  },
});
