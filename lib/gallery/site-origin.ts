import type { IncomingMessage } from "node:http";

// A host name or an IPv6 literal, then an optional port: nothing that could end the address.
const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::[0-9]{1,5})?$/i;

/**
 * The site's absolute origin, for Open Graph's absolute addresses (docs/decisions/151): the
 * operator's PETSTORE_PUBLIC_URL, else the address the request was sent to (its Host, and
 * https when a proxy in front says so). Undefined when neither is usable: the page then
 * leaves out the tags that need it rather than print a wrong address.
 */
export function siteOrigin(configured: string | undefined, request: IncomingMessage): string | undefined {
  if (configured) return configured;
  const host = request.headers.host;
  if (!host || !HOST.test(host)) return undefined;
  const forwarded = request.headers["x-forwarded-proto"];
  const scheme = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(",")[0]?.trim().toLowerCase();
  return `${scheme === "https" ? "https" : "http"}://${host.toLowerCase()}`;
}

/** The site image every shared link shows until animals have photos (public/og-image.png). */
export const SITE_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "The Pet Store's paw mark: animals looking for a home",
};

/** Open Graph's absolute page address and site image, or nothing without an origin. */
export function openGraphAddresses(origin: string | undefined, path: string) {
  if (!origin) return {};
  return { url: `${origin}${path}`, image: { ...SITE_IMAGE, url: `${origin}${SITE_IMAGE.path}` } };
}
