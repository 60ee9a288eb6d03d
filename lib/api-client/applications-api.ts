import "./zod-without-eval";
import { Application, Applications } from "@/lib/applications/application-view";
import type { ApplicationState } from "@/lib/applications/states";
import { parseNextCursor } from "@/lib/paging/link-header";
import { apiErrorFrom } from "./read-api-error";

/*
 * The console's calls to /v1/applications. Plain fetch, like the people's: the operations are
 * experimental. Answers are checked against the zod schemas the server answers from.
 */

export interface ApplicationsQuery {
  state?: ApplicationState;
  petId?: number;
  olderThanDays?: number;
  limit: number;
  cursor?: string;
}

export interface ApplicationsPage {
  applications: Application[];
  nextCursor?: string;
}

async function call(apiKey: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`/v1/applications${path}`, {
    method,
    cache: "no-store",
    headers: {
      Authorization: `Bearer ${apiKey}`,
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json: unknown = text ? JSON.parse(text) : undefined;
  if (!response.ok) throw apiErrorFrom(response.status, json, response.headers);
  return { json, response };
}

export async function listApplicationsWithKey(apiKey: string, query: ApplicationsQuery): Promise<ApplicationsPage> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const { json, response } = await call(apiKey, "GET", `?${params}`);
  return { applications: Applications.parse(json), nextCursor: parseNextCursor(response.headers.get("Link")) };
}

/** Moves an application: review, approve (places the order), decline (with a reason), withdraw. */
export async function moveApplicationWithKey(apiKey: string, id: number, state: ApplicationState, reason?: string) {
  const { json } = await call(apiKey, "PATCH", `/${id}`, { state, reason });
  return Application.parse(json);
}

export async function noteApplicationWithKey(apiKey: string, id: number, text: string) {
  const { json } = await call(apiKey, "POST", `/${id}/notes`, { text });
  return Application.parse(json);
}
