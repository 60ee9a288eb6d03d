import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { routePatternOf, withoutSecrets } from "./route-pattern";

it.each([
  // A /v1 operation's answer names its own pattern (lib/api/v1-routes.test.ts); any other is no operation's.
  ["/v1/secret-looking-path", "/v1 (unmatched)"],
  ["/v1", "/v1 (unmatched)"],
  ["/", "/"],
  ["/pets/7", "/pets/[petId]"],
  ["/pets/7/apply", "/pets/[petId]/apply"],
  ["/applications/Zq3-secret-token_0123456789abcdefghijklmnopq", "/applications/[token]"],
  ["/staff", "/staff"],
  ["/readyz", "/readyz"],
  ["/_next/static/chunks/a.js", "/_next/static"],
  ["/auth/sign-in", "/auth/sign-in"],
  ["/auth/passkey-sign-in/options", "/auth/passkey-sign-in/options"],
  ["/auth/sessions/ses_0123456789abcdef", "/auth/sessions/[sessionId]"],
  ["/auth/passkeys/options", "/auth/passkeys/options"],
  ["/auth/passkeys/pk_1", "/auth/passkeys/[passkeyId]"],
  ["/auth/unknown", "(other)"],
  ["/auth/sessions/1/2", "(other)"],
  ["/gallery/pets", "/gallery/pets"],
  ["/og-image.png", "/og-image.png"],
  ["/calendar/due.ics", "/calendar/due.ics"],
  ["/stats", "/stats"],
  ["/stats.csv", "/stats.csv"],
  ["/stats.json", "/stats.json"],
  ["/wp-login.php", "(other)"],
])("%s is logged as %s", (pathname, pattern) => {
  expect(routePatternOf(pathname)).toBe(pattern);
});

it("keeps an adopter's status token out of any path it keeps", () => {
  const token = "Zq3-secret-token_0123456789abcdefghijklmnopq";
  expect(withoutSecrets(`/applications/${token}`)).toBe("/applications/[token]");
  expect(withoutSecrets(`/applications/${token}/`)).toBe("/applications/[token]/");
  expect(withoutSecrets(`/_next/data/b1d/applications/${token}.json`)).toBe(
    "/_next/data/b1d/applications/[token].json",
  );
  expect(withoutSecrets("/pets/7/apply")).toBe("/pets/7/apply");
});

/** Every route file and page under `dir`, as its app/ or pages/ path (`/auth/sessions/[sessionId]`). */
function routesUnder(dir: string, file: RegExp): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((entry) => file.test(path.basename(entry)))
    .map((entry) => `/${path.dirname(entry)}`.replace(/\/\.$/, "/"));
}

it("names every route of app/auth by its own path, and no route or page the app serves as (other)", () => {
  const auth = routesUnder("app/auth", /^route\.ts$/).map((route) => `/auth${route}`);
  expect(auth.length).toBeGreaterThan(10);
  for (const route of auth) expect(routePatternOf(route.replace(/\[\w+\]/g, "x_1")), route).toBe(route);

  const app = [...routesUnder("app", /^(?:route\.ts|page\.tsx)$/)];
  const pages = (fs.readdirSync("pages", { recursive: true }) as string[])
    .filter((entry) => entry.endsWith(".tsx") && !/^_|^500/.test(path.basename(entry)))
    .map((entry) => `/${entry.replace(/\.tsx$/, "").replace(/(?:^|\/)index$/, "")}`);
  for (const route of [...app, ...pages]) {
    const sample = route.replace(/\[\[\.\.\.\w+\]\]/, "pets").replace(/\[\w+\]/g, "1");
    expect(routePatternOf(sample), route).not.toBe("(other)");
  }
});
