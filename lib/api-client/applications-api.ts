import "./zod-without-eval";
import { Application, Applications } from "@/lib/applications/application-view";
import type { ApplicationState } from "@/lib/applications/states";
import { parseNextQuery } from "@/lib/paging/link-header";
import { callV1 } from "./call-v1";

/*
 * The console's calls to /v1/applications. Plain fetch, like the people's: the operations are
 * experimental. Answers are checked against the zod schemas the server answers from.
 */

export interface ApplicationsQuery {
  state?: ApplicationState;
  petId?: number;
  olderThanDays?: number;
  limit: number;
}

/** Where the next page is: its cursor, and the cutoff an `olderThanDays` listing was cut at (bound to the cursor). */
export interface NextPage {
  cursor: string;
  submittedBefore?: string;
}

export interface ApplicationsPage {
  applications: Application[];
  next?: NextPage;
}

const call = (apiKey: string, method: string, path: string, body?: unknown) =>
  callV1(apiKey, method, `/v1/applications${path}`, body);

/** A page of the listing: the first from `query`, a later one from the page before's `next`. */
export async function listApplicationsWithKey(
  apiKey: string,
  query: ApplicationsQuery,
  page?: NextPage,
): Promise<ApplicationsPage> {
  // A later page asks for the first page's cutoff (bound to its cursor), not for olderThanDays again.
  const { state, petId, limit } = query;
  const asked = page ? { state, petId, limit, ...page } : query;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(asked)) if (value !== undefined) params.set(name, String(value));
  const { json, response } = await call(apiKey, "GET", `?${params}`);
  const next = parseNextQuery(response.headers.get("Link"));
  const cursor = next?.get("cursor");
  const submittedBefore = next?.get("submittedBefore") ?? undefined;
  return {
    applications: Applications.parse(json),
    ...(cursor ? { next: { cursor, ...(submittedBefore ? { submittedBefore } : {}) } } : {}),
  };
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
