/** The pattern of a /v1 path no operation serves. */
export const V1_UNMATCHED = "/v1 (unmatched)";

// The staff console's cookie routes (app/auth/), fixed names first, then those with an id.
const AUTH_ROUTES = [
  "sign-in",
  "sign-out",
  "session",
  "sessions",
  "invitation",
  "link-check",
  "setup",
  "password",
  "passkeys",
  "passkeys/options",
  "passkey-sign-in",
  "passkey-sign-in/options",
];

// Pages and routes the app serves, by their route pattern; anything else is "(other)" so
// neither the logs nor the metrics' label sets grow with whatever paths clients send.
// lib/ops/route-pattern.test.ts holds the table to app/ and pages/.
const PAGE_PATTERNS: readonly [RegExp, string][] = [
  [/^\/$/, "/"],
  ...AUTH_ROUTES.map((route): [RegExp, string] => [new RegExp(`^/auth/${route}/?$`), `/auth/${route}`]),
  [/^\/auth\/sessions\/[^/]+\/?$/, "/auth/sessions/[sessionId]"],
  [/^\/auth\/passkeys\/[^/]+\/?$/, "/auth/passkeys/[passkeyId]"],
  [/^\/gallery\/pets\/?$/, "/gallery/pets"],
  [/^\/gallery(?:\/[^/]+)?\/?$/, "/gallery"],
  [/^\/og-image\.png$/, "/og-image.png"],
  [/^\/pets\/[^/]+\/?$/, "/pets/[petId]"],
  [/^\/pets\/[^/]+\/apply\/?$/, "/pets/[petId]/apply"],
  [/^\/applications\/[^/]+\/?$/, "/applications/[token]"],
  [/^\/staff(?:\/.*)?$/, "/staff"],
  [/^\/docs(?:\/.*)?$/, "/docs"],
  [/^\/healthz\/?$/, "/healthz"],
  [/^\/readyz\/?$/, "/readyz"],
  [/^\/_next\/static\//, "/_next/static"],
  [/^\/_next\//, "/_next"],
  [/^\/icon\.svg$/, "/icon.svg"],
  [/^\/photos\//, "/photos/[file]"],
  [/^\/calendar\/due\.ics$/, "/calendar/due.ics"],
  [/^\/stats\/?$/, "/stats"],
  [/^\/stats\.csv$/, "/stats.csv"],
  [/^\/stats\.json$/, "/stats.json"],
];

/**
 * The route pattern a page's path belongs to: its app/ route. Never the path itself (a
 * mistyped path could carry anything) and never the query string. A /v1 answer carries its
 * operation's pattern (`/v1/pets/{petId}`, lib/api/operation.ts); one that does not is no
 * operation's.
 */
export function routePatternOf(pathname: string): string {
  if (pathname === "/v1" || pathname.startsWith("/v1/")) return V1_UNMATCHED;
  for (const [pattern, route] of PAGE_PATTERNS) if (pattern.test(pathname)) return route;
  return "(other)";
}

/**
 * A path with its secrets replaced: the adopter's status link carries its token in the path
 * (`/applications/{token}`, docs/decisions/195), which is the only key to that application;
 * Next also answers its props at `/_next/data/<build>/applications/{token}.json`.
 * Whatever keeps a request's path (lib/ops/log-page-request.ts) keeps it through this.
 */
export function withoutSecrets(pathname: string): string {
  return pathname.replace(/^((?:\/_next\/data\/[^/]+)?\/applications\/)[^/]+?(\.json)?(?=\/|$)/, "$1[token]$2");
}
