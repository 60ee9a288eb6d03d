/*
 * The one way the site writes a moment (issue 40, item 14): the console, the activity view
 * and the adopters' pages all say "28 Nov 2026, 14:05" in their reader's own locale. The
 * browser knows its reader's locale and time zone; a server knows only Accept-Language, so
 * what it renders says its zone (components/ui/time.tsx).
 */

const MOMENT: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };
const DAY: Intl.DateTimeFormatOptions = { dateStyle: "medium" };

/** A date and time; no locale: the reader's (in a browser), no zone: the reader's. */
export function formatTime(iso: string, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { ...MOMENT, ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

/** A date alone, where the time of day says nothing to the reader (an adopter's status page). */
export function formatDay(iso: string, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { ...DAY, ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

/** Where the server renders without knowing its reader: English, as the site is written. */
export const FALLBACK_LOCALE = "en-GB";

/**
 * The reader's locale from an Accept-Language header (RFC 9110 §12.5.4): the most preferred
 * tag Intl knows, else the site's English. Quality values order the tags; `*` says nothing.
 */
export function readerLocale(acceptLanguage: string | undefined): string {
  const tags = (acceptLanguage ?? "")
    .split(",")
    .map((part, at) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
      return { tag: tag.trim(), quality: q ? Number(q.slice(2)) : 1, at };
    })
    .filter(({ tag, quality }) => tag !== "" && tag !== "*" && quality > 0 && Number.isFinite(quality))
    .sort((a, b) => b.quality - a.quality || a.at - b.at);
  for (const { tag } of tags) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // Not a well-formed tag: the next one.
    }
  }
  return FALLBACK_LOCALE;
}
