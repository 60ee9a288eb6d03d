const DAY_MS = 86_400_000;

/** How long ago, in days: "today", "1 day ago", "12 days ago". */
export function daysAgo(iso: string, now = Date.now()): string {
  const days = Math.floor((now - Date.parse(iso)) / DAY_MS);
  if (days <= 0) return "today";
  return days === 1 ? "1 day ago" : `${days} days ago`;
}
