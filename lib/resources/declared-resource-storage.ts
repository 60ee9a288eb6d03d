/*
 * What each declared resource keeps on the engines (./define-resource-storage.ts,
 * docs/decisions/305): one line a resource with parts or a store of its own, in any order
 * (./resource-storage.ts lists them in the resources' order). Applications' part is still
 * listed with the older ones in lib/composition/file-parts.ts, its store being the pets' store.
 */
export { staysStorage } from "@/lib/animal-record/stays-resource-storage";
export { medicalStorage } from "@/lib/animal-record/medical-resource-storage";
export { calendarStorage } from "@/lib/animal-record/calendar-resource-storage";
export { statsStorage } from "@/lib/stats/stats-resource-storage";
