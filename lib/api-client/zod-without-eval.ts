import * as z from "zod";

/** Browser code imports this before parsing anything: our CSP forbids eval (docs/decisions/007). */
z.config({ jitless: true });
