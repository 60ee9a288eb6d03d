import { notFound } from "next/navigation";
import { publicStatsJsonAnswer } from "@/lib/stats/public-stats-api";

/** The public statistics as JSON (docs/statistics.md "Public page and open data"); 404 while off. */
export async function GET(request: Request): Promise<Response> {
  return (await publicStatsJsonAnswer(request)) ?? notFound();
}

export const dynamic = "force-dynamic";
