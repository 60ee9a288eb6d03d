import { calendarFeed } from "@/lib/animal-record/calendar-feed-api";

/** The staff's calendar feed of due treatments (lib/animal-record/calendar-feed-api.ts), on both servers. */
export const GET = calendarFeed;

export const dynamic = "force-dynamic";
