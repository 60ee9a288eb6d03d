import "./zod-without-eval";
import { StatsFigures, StatsMembers } from "@/lib/stats/figures-json";
import { apiErrorFrom } from "./read-api-error";
import { callV1 } from "./call-v1";

/*
 * The console's statistics (issue 42; docs/statistics.md "Served"): a period's figures and a
 * figure's stays, checked against the schemas the server answers from, and the exports'
 * downloads. The key goes in the Authorization header, never in an address.
 */

export type { StatsFigures, StatsMembers };

export async function getStatsWithKey(apiKey: string, period: string): Promise<StatsFigures> {
  const { json } = await callV1(apiKey, "GET", `/v1/stats?${new URLSearchParams({ period })}`);
  return StatsFigures.parse(json);
}

export async function listStatsMembersWithKey(apiKey: string, period: string, cell: string): Promise<StatsMembers> {
  const { json } = await callV1(apiKey, "GET", `/v1/stats/members?${new URLSearchParams({ period, cell })}`);
  return StatsMembers.parse(json);
}

/** Opens a CSV export: the answer, its body unread (a refusal is thrown as the API's Error). */
export async function openStatsCsvWithKey(
  apiKey: string,
  which: "matrix" | "records",
  period: string,
  signal?: AbortSignal,
): Promise<Response> {
  const response = await fetch(`/v1/stats/${which}.csv?${new URLSearchParams({ period })}`, {
    cache: "no-store",
    signal,
    headers: { Authorization: `Bearer ${apiKey}`, Accept: "text/csv" },
  });
  if (!response.ok) {
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    throw apiErrorFrom(response.status, json, response.headers);
  }
  return response;
}
