import "server-only";
import { config } from "@/lib/config";
import { getPetStore, getResourceStore } from "@/lib/composition";
import { staysStorage } from "./stays-resource-storage";
import { medicalStorage } from "./medical-resource-storage";
import type { DueList } from "./due-schemas";
import { dueListAt } from "./due-today";

/** The due list now, in the shelter's zone (config.timeZone), from the record's stores. */
export async function readDueList(now = new Date()): Promise<DueList> {
  const [stays, medical, pets] = await Promise.all([
    getResourceStore(staysStorage),
    getResourceStore(medicalStorage),
    getPetStore(),
  ]);
  const petName = async (petId: number) => (await pets.get(petId))?.name;
  return dueListAt({ stays, medical, petName }, now, config.timeZone);
}
