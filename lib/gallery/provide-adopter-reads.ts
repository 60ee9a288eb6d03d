import "server-only";
import { config } from "@/lib/config";
import { provideAdopterReads } from "./adopter-reads";
import { listCategoryNames } from "./category-names";
import { getAvailablePet } from "./get-available-pet";
import { listGalleryPages } from "./list-gallery-pages";

/** Hands the adopters' pages their readers (see adopter-reads.ts); start-up calls it once. */
export function provideGalleryReads(): void {
  provideAdopterReads({
    listGalleryPages,
    listCategoryNames,
    getAvailablePet,
    shelter: { address: config.shelterAddress, hours: config.shelterHours, email: config.adoptionEmail },
  });
}
