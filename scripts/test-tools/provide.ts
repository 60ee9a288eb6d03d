import { provideBrowser } from "./provide-browser";

/**
 * `npm test` runs this first, so a fresh clone's `npm install && npm test` needs no set-up:
 * each tool the suites need is found or installed here, or the run stops before any test.
 */
provideBrowser();
