import "server-only";
import { healthSummaryToday } from "@/lib/animal-record/health-summary-service";
import { config } from "@/lib/config";
import { siteOrigin } from "@/lib/origin/site-origin";
import { publicStatistics } from "@/lib/stats/public-statistics";
import { provideAdopterReads } from "./adopter-reads";
import { listCategoryNames } from "./category-names";
import { listGalleryPages } from "./list-gallery-pages";
import { lookUpPet } from "./look-up-pet";

/** Hands the adopters' pages their readers (see adopter-reads.ts); start-up calls it once. */
export function provideGalleryReads(): void {
  provideAdopterReads({
    listGalleryPages,
    listCategoryNames,
    lookUpPet,
    healthSummary: healthSummaryToday,
    shelter: { address: config.shelterAddress, hours: config.shelterHours, email: config.adoptionEmail },
    siteOrigin: siteOrigin().origin,
    ...(config.publicStats ? { publicStatistics: () => publicStatistics() } : {}),
  });
}
