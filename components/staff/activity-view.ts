import { EVENT_TYPE_NAMES } from "@/lib/events/event-types";
import { PAGE_SIZES, type PageSize } from "./staff-view";

/**
 * What the Activity view shows, in the URL like the orders view, so a view can be shared
 * and Back restores it. Filters are the API's own (`actor`, `resource`, `type`), times are
 * days (`since`, `until`, both included) read in the browser's time zone.
 */
export interface ActivityView {
  actor?: string;
  resource?: string;
  type?: string;
  since?: string;
  until?: string;
  limit: PageSize;
}

export const ACTIVITY_PATH = "/staff/activity";

type Params = { get(name: string): string | null };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ACTOR = /^(?:(?:api_key|person):[A-Za-z0-9_-]{1,64}|operator|system)$/;
const RESOURCE = /^[a-z_]{1,32}:[A-Za-z0-9_-]{1,64}$/;

/** The kinds of change to choose from: every prefix of the registry's types (`pet.`, `order.`, …). */
export const CHANGE_KINDS: readonly string[] = [...new Set(EVENT_TYPE_NAMES.map((type) => `${type.split(".")[0]}.`))];

const text = (params: Params, name: string, rule: RegExp) => {
  const value = params.get(name)?.trim();
  return value && rule.test(value) ? value : undefined;
};

/** Reads the view from the URL; a value the API would refuse falls back to "any" rather than failing. */
export function parseActivityView(params: Params): ActivityView {
  const type = params.get("type") ?? "";
  const limit = PAGE_SIZES.find((size) => String(size) === params.get("limit"));
  return {
    actor: text(params, "actor", ACTOR),
    resource: resourceOf(params.get("resource")),
    type: CHANGE_KINDS.includes(type) || (EVENT_TYPE_NAMES as readonly string[]).includes(type) ? type : undefined,
    since: text(params, "since", DAY),
    until: text(params, "until", DAY),
    limit: limit ?? PAGE_SIZES[0],
  };
}

/** `42` is animal 42 (`pet:42`), as staff most often look for one animal; anything else as the API writes it. */
export function resourceOf(value: string | null | undefined): string | undefined {
  const trimmed = value?.trim() ?? "";
  if (/^[1-9]\d{0,15}$/.test(trimmed)) return `pet:${trimmed}`;
  return RESOURCE.test(trimmed) ? trimmed : undefined;
}

/** The Activity URL for a view; what is not set is left out. */
export function activityViewHref(view: ActivityView): string {
  const params = new URLSearchParams();
  for (const name of ["actor", "resource", "type", "since", "until"] as const) {
    const value = view[name];
    if (value) params.set(name, value);
  }
  if (view.limit !== PAGE_SIZES[0]) params.set("limit", String(view.limit));
  const query = params.toString();
  return query ? `${ACTIVITY_PATH}?${query}` : ACTIVITY_PATH;
}

/** The API's query for a view: days become instants, from the start of `since` to the end of `until`, locally. */
export function auditQueryOf(view: ActivityView): Record<string, string | number> {
  const startOf = (day: string) => new Date(`${day}T00:00:00`);
  const query: Record<string, string | number> = { limit: view.limit };
  if (view.actor) query.actor = view.actor;
  if (view.resource) query.resource = view.resource;
  if (view.type) query.type = view.type;
  if (view.since) query.since = startOf(view.since).toISOString();
  if (view.until) {
    const end = startOf(view.until);
    end.setDate(end.getDate() + 1);
    query.until = end.toISOString();
  }
  return query;
}
