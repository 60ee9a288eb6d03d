import { existsSync } from "node:fs";
import { chromium } from "@playwright/test";

/** Where the browser tests' Chromium comes from; `executablePath` unset means Playwright's own. */
export interface Browser {
  executablePath?: string;
  source: string;
}

// Debian's and Ubuntu's packages, then Google's.
const SYSTEM_BROWSERS = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome-stable",
  "/usr/bin/google-chrome",
];

/**
 * Finds a Chromium without installing anything: CHROME_PATH (the variable Lighthouse reads
 * too), then a system browser, then one Playwright downloaded. Undefined when there is none.
 */
export function findBrowser(): Browser | undefined {
  const chosen = process.env.CHROME_PATH;
  if (chosen) return existsSync(chosen) ? { executablePath: chosen, source: "CHROME_PATH" } : undefined;
  const system = SYSTEM_BROWSERS.find((candidate) => existsSync(candidate));
  if (system) return { executablePath: system, source: "system" };
  if (existsSync(chromium.executablePath())) return { source: "Playwright's download" };
  return undefined;
}
