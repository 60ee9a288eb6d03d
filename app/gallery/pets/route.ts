import { galleryPets } from "@/lib/gallery/gallery-response";

/**
 * The public, read-only door to the adopters' gallery. /v1 requires a key for every
 * call, and no key may reach the browser, so "Show more" fetches here instead. A route
 * handler rather than a Server Action: it is a cacheable, linkable GET with a JSON
 * body and proper status codes, and Server Actions are POST-only mutations by design.
 */
export const GET = galleryPets;
