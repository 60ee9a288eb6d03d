import { defineResourceStorage } from "@/lib/resources/define-resource-storage";
import type { MedicalStore } from "./medical-store";
import { medicalResource } from "./medical-resource";
import { medicalPart } from "./file-medical-part";

/** The medical record on the engines (docs/decisions/256): a file part after the stays'. */
export const medicalStorage = defineResourceStorage<MedicalStore>(medicalResource, {
  fileParts: [medicalPart],
  store: {
    onFile: async (engine) => new (await import("./file-medical-store")).FileMedicalStore(engine),
    onPostgres: async ({ requests }) => new (await import("./postgres-medical-store")).PostgresMedicalStore(requests),
  },
});
