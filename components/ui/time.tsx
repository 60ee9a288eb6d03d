"use client";

import { useSyncExternalStore } from "react";
import { FALLBACK_LOCALE, formatDay, formatTime } from "@/lib/dates/format-time";

const unchanging = () => () => {};

/**
 * A moment in the reader's locale and time zone (lib/dates/format-time.ts). A server render
 * knows neither: it writes UTC and says so, and the browser's first render repeats it (the
 * server snapshot), so hydration matches; the next render is the reader's own.
 */
export function Time({ iso, day = false }: { iso: string; day?: boolean }) {
  const inBrowser = useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
  const format = day ? formatDay : formatTime;
  return <time dateTime={iso}>{inBrowser ? format(iso) : `${format(iso, FALLBACK_LOCALE, "UTC")} UTC`}</time>;
}
