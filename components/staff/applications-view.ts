import { APPLICATION_STATES, type ApplicationState } from "@/lib/applications/states";

/** What the Applications view shows; in the URL like the orders view, so Back restores it and a view can be shared. */
export interface ApplicationsView {
  /** undefined: every state. */
  state?: ApplicationState;
  petId?: number;
  olderThanDays?: AgeFilter;
}

/** "Older than 7 days", "older than 30 days": the ones waiting longest. */
export const AGE_FILTERS = [7, 30] as const;
export type AgeFilter = (typeof AGE_FILTERS)[number];

export const APPLICATIONS_PATH = "/staff/applications";

/** The queue opens on what is waiting: new applications. `?state=all` shows every state. */
const DEFAULT_STATE: ApplicationState = "submitted";

type Params = { get(name: string): string | null };

/** Reads `?state=…&petId=…&olderThanDays=…`; unknown values fall back to the defaults rather than failing. */
export function parseApplicationsView(params: Params): ApplicationsView {
  const state = params.get("state");
  const petId = Number(params.get("petId"));
  const age = AGE_FILTERS.find((days) => String(days) === params.get("olderThanDays"));
  return {
    state:
      state === "all"
        ? undefined
        : (APPLICATION_STATES as readonly string[]).includes(state ?? "")
          ? (state as ApplicationState)
          : DEFAULT_STATE,
    ...(Number.isSafeInteger(petId) && petId > 0 ? { petId } : {}),
    ...(age ? { olderThanDays: age } : {}),
  };
}

/** The URL for a view; defaults are left out so the plain URL is the default view. */
export function applicationsViewHref(view: ApplicationsView): string {
  const params = new URLSearchParams();
  if (view.state !== DEFAULT_STATE) params.set("state", view.state ?? "all");
  if (view.petId) params.set("petId", String(view.petId));
  if (view.olderThanDays) params.set("olderThanDays", String(view.olderThanDays));
  const query = params.toString();
  return query ? `${APPLICATIONS_PATH}?${query}` : APPLICATIONS_PATH;
}
