import "server-only";
import { nowIso } from "@/lib/clock";
import { config } from "@/lib/config";
import { getPetStore, getResourceStore } from "@/lib/composition";
import { medicalStorage } from "./medical-resource-storage";
import type { AdopterHealthSummary } from "./adopter-summary";
import { dayOf } from "./calendar-day";
import { healthSummaryOf } from "./health-summary";

/** The adopters' summary of an animal known to exist, as of the shelter's today (config.timeZone). */
export async function healthSummaryToday(petId: number): Promise<AdopterHealthSummary> {
  const medical = await getResourceStore(medicalStorage);
  return healthSummaryOf(medical, petId, dayOf(nowIso(), config.timeZone));
}

/** The same for any pet id: undefined when no pet has it. */
export async function petHealthSummary(petId: number): Promise<AdopterHealthSummary | undefined> {
  const pet = await (await getPetStore()).get(petId);
  return pet ? healthSummaryToday(petId) : undefined;
}
