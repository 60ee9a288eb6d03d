import { test as base, expect } from "@playwright/test";

/**
 * Every story also checks that the browser logged no error: a Content-Security-Policy
 * violation or a hydration mismatch shows up there first.
 */
export const test = base.extend<{ browserErrors: string[] }>({
  browserErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      // Chromium reports some CSP violations (a caught eval, for one) only as an event.
      await page.addInitScript(() =>
        document.addEventListener("securitypolicyviolation", (event) =>
          console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI} in ${event.sourceFile}`),
        ),
      );
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      const unexpected = errors.filter((text) => !EXPECTED.some((pattern) => pattern.test(text)));
      expect(unexpected, "errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
});

// Chromium logs every failed request; the stories that provoke a 401, 404, 409 or 503 on purpose
// expect it, a 422 is the adopters' application form sent back with its errors, and a 400 a
// password the server refused (a common one) on the welcome or password form.
const EXPECTED = [/Failed to load resource: the server responded with a status of (400|401|404|409|422|429|503)/];

export { expect };

/**
 * Marks a story that the phone project runs as well as the desktop one: what a person reads
 * or does differently on a small touch screen (layout, the adopters' journeys, the console's
 * narrow layout). A story about rules that do not depend on the screen (headers, API answers,
 * sign-in limits, history) runs once, on the desktop (docs/decisions/184-phone-stories.md).
 */
export const PHONE_TOO = { tag: "@phone" } as const;

/**
 * Marks a story that ran on the phone too and now runs on the desktop only, with the reason it
 * proves nothing more at 360 px; the reason shows in the report (docs/decisions/287).
 */
export const desktopOnly = (why: string) => ({ annotation: { type: "desktop only", description: why } }) as const;
