/*
 * Open Graph's absolute addresses (docs/decisions/151) name the site's public origin, which
 * start-up hands the pages (AdopterReads.siteOrigin, from lib/origin/site-origin.ts): the
 * configured PETSTORE_PUBLIC_URL, else the listening address; never the request's Host or
 * X-Forwarded-Proto (docs/decisions/201).
 */

/** The site image every shared link shows until animals have photos (public/og-image.png). */
export const SITE_IMAGE = {
  path: "/og-image.png",
  width: 1200,
  height: 630,
  alt: "The Pet Store's paw mark: animals looking for a home",
};

/** Open Graph's absolute page address and site image. */
export function openGraphAddresses(origin: string, path: string) {
  return { url: `${origin}${path}`, image: { ...SITE_IMAGE, url: `${origin}${SITE_IMAGE.path}` } };
}
