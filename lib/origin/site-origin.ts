import "server-only";
import { config } from "@/lib/config";
import { globalSlot } from "@/lib/ops/global-slot";
import { publicOriginFrom, type PublicOrigin } from "./public-origin";

/*
 * This process's public origin (./public-origin.ts, docs/decisions/201), worked out once, on
 * first use at start-up, and shared by every bundle of the process (Next's and the front
 * server's) through a global slot: links and origin checks all read this one value.
 */

type ListeningAddress = { port: number; hostname: string | undefined };
const recorded = () => globalSlot<{ address?: ListeningAddress }>("listeningAddress", () => ({}));

/** `npm start` (server.ts) says where it will listen, before Next prepares and start-up runs. */
export function recordListeningAddress(port: number, hostname: string | undefined): void {
  recorded().address = { port, hostname };
}

/** The origin every link names and every origin check expects. */
export function siteOrigin(): PublicOrigin {
  return globalSlot("publicOrigin", () => publicOriginFrom({ publicUrl: config.publicUrl, ...listeningAddress() }));
}

/** Whether `origin` (a request's Origin header) is a page of this site's. */
export function isAcceptedOrigin(origin: string | null | undefined): boolean {
  return typeof origin === "string" && siteOrigin().accepted.includes(origin);
}

/** True where cookies can be `Secure` and `__Host-` prefixed: the public origin is https. */
export function isSecureSite(): boolean {
  return siteOrigin().origin.startsWith("https:");
}

// Next's own name for the address it printed on start: read by a computed key, so no bundler
// can replace it with a build-time value.
const NEXT_ORIGIN_VARIABLE = "__NEXT_PRIVATE_ORIGIN";

/**
 * Where this process listens, as the operator set it. `npm start` records it (above). Plain
 * `next start -p N -H host` hands its route handlers neither flag; it sets PORT, and keeps the
 * address it prints on start ("http://localhost:N", or the -H host) in a private variable,
 * believed only when its port is PORT. Without it the host is `localhost`, which still accepts
 * 127.0.0.1 and [::1] on the same port (./public-origin.ts).
 */
function listeningAddress(): { port: number | string; hostname: string | undefined } {
  const address = recorded().address;
  if (address) return address;
  const port = process.env.PORT || String(config.port);
  const printed = process.env[NEXT_ORIGIN_VARIABLE];
  if (!printed || !URL.canParse(printed)) return { port, hostname: undefined };
  const url = new URL(printed);
  const printedPort = url.port || (url.protocol === "https:" ? "443" : "80");
  return { port, hostname: url.protocol === "http:" && printedPort === port ? url.hostname : undefined };
}
