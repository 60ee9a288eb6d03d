import "server-only";
import { config } from "@/lib/config";
import { PUBLIC_STATS_CACHE_CONTROL, etagMatches } from "./public-cache";
import type { PublicStatistics } from "./public-dataset";
import { publicStatsCsv, publicStatsJson } from "./public-statistics";

/*
 * /stats.csv and /stats.json (docs/decisions/268, 269): the public page's figures as open
 * data, answered by app/stats.csv and app/stats.json on both servers. Undefined while
 * PETSTORE_PUBLIC_STATS is off: the route then answers the site's 404, as for any unknown page.
 */

type Made = { etag: string; body: string; stats: PublicStatistics };

function answer(request: Request, { etag, body, stats }: Made, headers: Record<string, string>): Response {
  const common: Record<string, string> = {
    ETag: etag,
    "Cache-Control": PUBLIC_STATS_CACHE_CONTROL,
    // Open data: any site may fetch it (no credentials are involved).
    "Access-Control-Allow-Origin": "*",
    ...(stats.licence ? { Link: `<${stats.licence.url}>; rel="license"` } : {}),
  };
  if (etagMatches(request.headers.get("if-none-match"), etag))
    return new Response(null, { status: 304, headers: common });
  return new Response(body, { status: 200, headers: { ...common, ...headers } });
}

const fileName = (stats: PublicStatistics) =>
  `shelter-statistics-${stats.figures.matrix.period.id.replace("/", "-to-")}`;

export async function publicStatsCsvAnswer(request: Request): Promise<Response | undefined> {
  if (!config.publicStats) return undefined;
  const made = await publicStatsCsv();
  return answer(request, made, {
    "Content-Type": "text/csv; charset=utf-8; header=present",
    "Content-Disposition": `inline; filename="${fileName(made.stats)}.csv"`,
  });
}

export async function publicStatsJsonAnswer(request: Request): Promise<Response | undefined> {
  if (!config.publicStats) return undefined;
  const made = await publicStatsJson();
  return answer(request, made, { "Content-Type": "application/json; charset=utf-8" });
}
