/*
 * The public statistics' HTTP validators (docs/decisions/269): a weak ETag made of the event
 * log's sequence the figures were counted at, the period, and this process' start, so a new
 * record, a new month or a restart (new code, new settings) changes it. Answers say
 * `public, no-cache`: anyone may keep them, and must ask again each time, which costs a 304.
 */

export const PUBLIC_STATS_CACHE_CONTROL = "public, no-cache";

export const publicStatsEtag = (sequence: number, periodId: string, processTag: string) =>
  `W/"${sequence}-${periodId}-${processTag}"`;

/** Whether an If-None-Match header names `etag` (weak comparison, RFC 9110 §13.1.2), or is `*`. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => opaque(tag) === opaque(etag));
}
