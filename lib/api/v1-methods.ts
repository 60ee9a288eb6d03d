/**
 * The methods each /v1 path serves: the route files export these, and requests Next's
 * router cannot take (see lib/api/method-guard.ts) are answered from the same table.
 */
export const PETS_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
export const PET_METHODS = ["GET", "HEAD", "PATCH", "OPTIONS"] as const;
export const PHOTOS_METHODS = ["GET", "HEAD", "POST", "PATCH", "OPTIONS"] as const;
export const PHOTO_METHODS = ["PATCH", "DELETE", "OPTIONS"] as const;
export const ME_METHODS = ["GET", "HEAD", "OPTIONS"] as const;
export const OPENAPI_METHODS = ["GET", "HEAD", "OPTIONS"] as const;
export const ORDERS_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
export const ORDER_METHODS = ["GET", "HEAD", "PATCH", "OPTIONS"] as const;
export const CATEGORIES_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
export const CATEGORY_METHODS = ["PATCH", "OPTIONS"] as const;
export const EVENTS_METHODS = ["GET", "HEAD", "OPTIONS"] as const;
export const AUDIT_METHODS = ["GET", "HEAD", "OPTIONS"] as const;
export const WEBHOOKS_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
export const WEBHOOK_METHODS = ["GET", "HEAD", "PATCH", "DELETE", "OPTIONS"] as const;
export const WEBHOOK_DELIVERIES_METHODS = ["GET", "HEAD", "OPTIONS"] as const;
export const KEYS_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
/** An issued key is revoked with DELETE (docs/decisions/186); it is read in the listing. */
export const KEY_METHODS = ["DELETE", "OPTIONS"] as const;
/** POST-only actions on an endpoint: rotate-secret, test, and a delivery's redeliver. */
export const WEBHOOK_ACTION_METHODS = ["POST", "OPTIONS"] as const;
export const PEOPLE_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
export const PERSON_METHODS = ["GET", "HEAD", "PATCH", "OPTIONS"] as const;
/** POST /v1/people/{personId}/invitation: a new link. */
export const PERSON_INVITATION_METHODS = ["POST", "OPTIONS"] as const;
export const APPLICATIONS_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
export const APPLICATION_METHODS = ["GET", "HEAD", "PATCH", "OPTIONS"] as const;
/** POST-only: an application's notes, and personal-data/export and /erase. */
export const APPLICATION_ACTION_METHODS = ["POST", "OPTIONS"] as const;

/**
 * The methods served at `pathname` (an optional trailing slash is served like the path
 * without it), or undefined when /v1 has nothing there. Mirrors app/v1/'s routes.
 */
export function methodsServedAt(pathname: string): readonly string[] | undefined {
  const segments = pathname.replace(/\/$/, "").split("/");
  if (segments[1] !== "v1") return undefined;
  const [, , first, second, third, ...rest] = segments;
  if (first === "webhooks") return webhookMethods(segments.slice(3));
  if (first === "people") return peopleMethods(segments.slice(3));
  if (first === "applications") return applicationMethods(segments.slice(3));
  if (rest.length > 0 && !(first === "pets" && third === "photos")) return undefined;
  if (first === "store" && second === "orders") {
    if (third === undefined) return ORDERS_METHODS;
    return third === "" ? undefined : ORDER_METHODS;
  }
  if (first === "pets" && second !== "" && third === "photos") {
    const [photoId, ...more] = rest.length > 0 ? rest : [];
    if (more.length > 0) return undefined;
    if (photoId === undefined) return PHOTOS_METHODS;
    return photoId === "" ? undefined : PHOTO_METHODS;
  }
  if (third !== undefined) return undefined;
  if (first === "categories" && second === undefined) return CATEGORIES_METHODS;
  if (first === "categories" && second !== "") return CATEGORY_METHODS;
  if (first === "pets" && second === undefined) return PETS_METHODS;
  if (first === "pets" && second !== "") return PET_METHODS;
  if (first === "me" && second === undefined) return ME_METHODS;
  if (first === "events" && second === undefined) return EVENTS_METHODS;
  if (first === "audit" && second === undefined) return AUDIT_METHODS;
  if (first === "keys" && second === undefined) return KEYS_METHODS;
  if (first === "keys" && second !== "") return KEY_METHODS;
  if (first === "openapi.json" && second === undefined) return OPENAPI_METHODS;
  return undefined;
}

/** The methods under /v1/webhooks, from the segments after it. */
function webhookMethods(rest: readonly string[]): readonly string[] | undefined {
  if (rest.includes("")) return undefined;
  const [id, action, deliveryId, redeliver, ...more] = rest;
  if (more.length > 0) return undefined;
  if (id === undefined) return WEBHOOKS_METHODS;
  if (action === undefined) return WEBHOOK_METHODS;
  if (action === "deliveries" && deliveryId === undefined) return WEBHOOK_DELIVERIES_METHODS;
  if (action === "deliveries" && redeliver === "redeliver") return WEBHOOK_ACTION_METHODS;
  if ((action === "rotate-secret" || action === "test") && deliveryId === undefined) return WEBHOOK_ACTION_METHODS;
  return undefined;
}

/** The methods under /v1/people, from the segments after it. */
function peopleMethods(rest: readonly string[]): readonly string[] | undefined {
  if (rest.includes("")) return undefined;
  const [id, action, ...more] = rest;
  if (more.length > 0) return undefined;
  if (id === undefined) return PEOPLE_METHODS;
  if (action === undefined) return PERSON_METHODS;
  return action === "invitation" ? PERSON_INVITATION_METHODS : undefined;
}

/**
 * The methods under /v1/applications, from the segments after it. `personal-data` alone is
 * an application id to Next's router (a 400 from the route), so it is served like one.
 */
function applicationMethods(rest: readonly string[]): readonly string[] | undefined {
  if (rest.includes("")) return undefined;
  const [id, action, ...more] = rest;
  if (more.length > 0) return undefined;
  if (id === undefined) return APPLICATIONS_METHODS;
  if (action === undefined) return APPLICATION_METHODS;
  if (action === "notes") return APPLICATION_ACTION_METHODS;
  return id === "personal-data" && (action === "export" || action === "erase") ? APPLICATION_ACTION_METHODS : undefined;
}
