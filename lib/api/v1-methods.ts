/**
 * The methods each /v1 path serves: the route files export these, and requests Next's
 * router cannot take (see lib/front/method-guard.ts) are answered from the same table.
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
 * Every /v1 route, as the OpenAPI document's path template, with the methods it serves. It
 * mirrors app/v1/'s route files (their `export const { GET, … } = v1Route(…)`); a unit test
 * holds it to the OpenAPI document. `/applications/personal-data` alone is an application id
 * to Next's router (a 400 from the route), so it is served like one.
 */
export const V1_ROUTES: readonly (readonly [template: string, methods: readonly string[]])[] = [
  ["/pets", PETS_METHODS],
  ["/pets/{petId}", PET_METHODS],
  ["/pets/{petId}/photos", PHOTOS_METHODS],
  ["/pets/{petId}/photos/{photoId}", PHOTO_METHODS],
  ["/me", ME_METHODS],
  ["/openapi.json", OPENAPI_METHODS],
  ["/store/orders", ORDERS_METHODS],
  ["/store/orders/{orderId}", ORDER_METHODS],
  ["/categories", CATEGORIES_METHODS],
  ["/categories/{categoryId}", CATEGORY_METHODS],
  ["/events", EVENTS_METHODS],
  ["/audit", AUDIT_METHODS],
  ["/webhooks", WEBHOOKS_METHODS],
  ["/webhooks/{webhookId}", WEBHOOK_METHODS],
  ["/webhooks/{webhookId}/deliveries", WEBHOOK_DELIVERIES_METHODS],
  ["/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver", WEBHOOK_ACTION_METHODS],
  ["/webhooks/{webhookId}/rotate-secret", WEBHOOK_ACTION_METHODS],
  ["/webhooks/{webhookId}/test", WEBHOOK_ACTION_METHODS],
  ["/keys", KEYS_METHODS],
  ["/keys/{keyId}", KEY_METHODS],
  ["/people", PEOPLE_METHODS],
  ["/people/{personId}", PERSON_METHODS],
  ["/people/{personId}/invitation", PERSON_INVITATION_METHODS],
  ["/applications", APPLICATIONS_METHODS],
  ["/applications/personal-data/export", APPLICATION_ACTION_METHODS],
  ["/applications/personal-data/erase", APPLICATION_ACTION_METHODS],
  ["/applications/{applicationId}", APPLICATION_METHODS],
  ["/applications/{applicationId}/notes", APPLICATION_ACTION_METHODS],
];

const MATCHERS = V1_ROUTES.map(([template, methods]) => ({
  template,
  methods,
  segments: template.slice(1).split("/"),
}));

/**
 * The /v1 route `pathname` belongs to (an optional trailing slash is served like the path
 * without it): its template and methods, or undefined when /v1 has nothing there. A
 * parameter matches any one non-empty segment; the first route that matches wins, so a
 * literal route is listed before a parameter one it could be taken for.
 */
export function v1RouteAt(pathname: string): { template: string; methods: readonly string[] } | undefined {
  if (!pathname.startsWith("/v1/")) return undefined;
  const segments = pathname.slice(4).replace(/\/$/, "").split("/");
  if (segments.includes("")) return undefined;
  const found = MATCHERS.find(
    (route) =>
      route.segments.length === segments.length &&
      route.segments.every((part, index) => part.startsWith("{") || part === segments[index]),
  );
  return found && { template: found.template, methods: found.methods };
}

/** The methods served at `pathname`, or undefined when /v1 has nothing there. */
export function methodsServedAt(pathname: string): readonly string[] | undefined {
  return v1RouteAt(pathname)?.methods;
}
