import * as z from "zod";

/**
 * zod compiles object parsers with `new Function` when it can, and probes for that
 * ability on first use. Our pages' Content-Security-Policy forbids eval, so the probe
 * would be reported as a CSP violation in every browser console. Browser code imports
 * this module before parsing anything.
 */
z.config({ jitless: true });
