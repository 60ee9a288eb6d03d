import { notFound } from "next/navigation";
import { publicStatsCsvAnswer } from "@/lib/stats/public-stats-api";

/** The public statistics as CSV (docs/statistics.md "Public page and open data"); 404 while off. */
export async function GET(request: Request): Promise<Response> {
  return (await publicStatsCsvAnswer(request)) ?? notFound();
}

export const dynamic = "force-dynamic";
