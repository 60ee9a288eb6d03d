import type { ShelterDetails } from "@/components/pets/how-to-adopt";
import type { AdopterHealthSummary } from "@/lib/animal-record/adopter-summary";
import type { Pet } from "@/lib/pets/schemas";
import type { PetFilter } from "@/lib/pets/pet-filter";
import type { PublicStatistics } from "@/lib/stats/public-dataset";
import { processSingleton } from "@/lib/process-singleton";
import type { GalleryPage } from "./gallery-schemas";

/**
 * Everything the adopters' pages read on the server. Those pages are Pages Router pages
 * (docs/decisions/107), where Turbopack refuses any module that imports "server-only", and
 * every module that reaches the store does. So this module imports types only, and start-up
 * (lib/server-start.ts) hands the real readers over through a process slot
 * (docs/decisions/108), as the store itself is shared across Next's bundles.
 */
export type AdopterReads = {
  /** The newest `count` gallery pages as one (lib/gallery/list-gallery-pages.ts). */
  listGalleryPages(count: number, categoryId?: number, filter?: PetFilter): Promise<GalleryPage>;
  /** The named categories as [id, name] pairs. */
  listCategoryNames(): Promise<[number, string][]>;
  /** An animal by id: in full when available, by name only when not, undefined when unknown. */
  lookUpPet(idText: string): Promise<AdopterPet | undefined>;
  /** An animal's health summary on the shelter's today, read from its record at each ask (docs/decisions/260). */
  healthSummary(petId: number): Promise<AdopterHealthSummary>;
  /** Where and when to visit, and whom to write to (set by the operator). */
  shelter: ShelterDetails;
  /** The site's public origin, for shared links (lib/origin/site-origin.ts): never a request's Host. */
  siteOrigin: string;
  /** The last 12 months' statistics (/stats); left out while PETSTORE_PUBLIC_STATS is off (docs/decisions/268). */
  publicStatistics?: () => Promise<PublicStatistics>;
};

/** What adopters may learn of one animal (lib/gallery/look-up-pet.ts). */
export type AdopterPet = { available: true; pet: Pet } | { available: false; name: string; categoryId: number };

const slot = processSingleton<AdopterReads>("adopter-reads");

/** Start-up's half: makes the readers available to the adopters' pages. */
export function provideAdopterReads(reads: AdopterReads): void {
  slot.clear();
  void slot.get(async () => reads);
}

/** The pages' half. Start-up provides the readers before Next serves any request. */
export async function getAdopterReads(): Promise<AdopterReads> {
  const reads = slot.peek();
  if (!reads)
    throw new Error("The adopters' readers were not provided: the server did not start (lib/server-start.ts)");
  return reads;
}

/** Whether the adopters' pages link to /stats: the readers are provided, with the statistics. */
export const publicStatsShown = (): boolean => slot.settled()?.publicStatistics !== undefined;
