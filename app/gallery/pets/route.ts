import { galleryPets } from "@/lib/gallery/gallery-response";

/** The gallery's keyless "Show more", a GET route rather than a Server Action (docs/decisions/006). */
export const GET = galleryPets;
