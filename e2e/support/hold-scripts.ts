import type { Page } from "@playwright/test";

/**
 * Holds every script of the app's bundle, as a very slow connection would, so what shows is
 * what the server sent; the returned function lets them through.
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js"),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}
