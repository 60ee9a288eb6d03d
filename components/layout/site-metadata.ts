/**
 * What every page's <head> says about the site, written once for both routers: the App
 * Router's metadata (app/layout.tsx) and the Pages Router's PageHead (page-head.tsx).
 */
export const SITE_NAME = "Pet Store";

export const SITE_DESCRIPTION =
  "Meet the animals looking for a home at the Pet Store, and help shelter staff keep the list up to date.";

/** The browser's UI colours, matching the page background in each scheme. */
export const THEME_COLORS = [
  { media: "(prefers-color-scheme: light)", color: "#fafaf9" },
  { media: "(prefers-color-scheme: dark)", color: "#0c0a09" },
];

/** A page's title as the tab shows it; the App Router's title template says the same. */
export function siteTitle(title: string): string {
  return `${title} · ${SITE_NAME}`;
}
