import "server-only";
import { config } from "@/lib/config";
import { globalSlot } from "@/lib/ops/global-slot";
import { siteOrigin } from "@/lib/origin/site-origin";
import { figuresDocument } from "./figures-json";
import { publicStatsEtag } from "./public-cache";
import type { PublicStatistics } from "./public-dataset";
import { publicPeriod } from "./public-period";
import { currentStatistics, sacMatrixCsvOf } from "./statistics";
import type { StatsView } from "./stats-cache";

/*
 * The public page's use cases (issue 42, docs/decisions/268 and 269): the last twelve full
 * months' figures, from the same per-process cache as /v1/stats (docs/decisions/264), so a
 * new record shows at once; each answer made once per snapshot and period.
 */

// A restart (new code, new settings) must not answer 304 for what the old process served.
const processTag = globalSlot("publicStatsProcessTag", () => Date.now().toString(36));
const made = new WeakMap<StatsView, { periodId: string; stats: PublicStatistics; json?: string }>();

async function publicAnswer(now: number) {
  const view = await currentStatistics();
  const period = publicPeriod(now, config.timeZone);
  let kept = made.get(view);
  if (kept?.periodId !== period.id) {
    const stats: PublicStatistics = {
      figures: figuresDocument(view.statistics(period)),
      licence: config.statsLicence,
      computedAt: new Date(now).toISOString(),
      etag: publicStatsEtag(view.version, period.id, processTag),
      origin: siteOrigin().origin,
    };
    made.set(view, (kept = { periodId: period.id, stats }));
  }
  return { kept, period };
}

/** The page's figures and what describes them. */
export async function publicStatistics(now = Date.now()): Promise<PublicStatistics> {
  return (await publicAnswer(now)).kept.stats;
}

/** /stats.json: every figure of the twelve months, as GET /v1/stats answers for a period. */
export async function publicStatsJson(
  now = Date.now(),
): Promise<{ etag: string; body: string; stats: PublicStatistics }> {
  const { kept } = await publicAnswer(now);
  kept.json ??= JSON.stringify(kept.stats.figures);
  return { etag: kept.stats.etag, body: kept.json, stats: kept.stats };
}

/** /stats.csv: SAC's matrix, a line per month and species, in SAC's columns (docs/decisions/263). */
export async function publicStatsCsv(
  now = Date.now(),
): Promise<{ etag: string; body: string; stats: PublicStatistics }> {
  const { kept, period } = await publicAnswer(now);
  return { etag: kept.stats.etag, body: await sacMatrixCsvOf(period), stats: kept.stats };
}
