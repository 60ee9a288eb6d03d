import "server-only";
import { defineResourceApi } from "@/lib/api/resource-api";
import { medicalResource } from "./medical-resource";
import {
  addTreatmentItem,
  addWeight,
  changeHealthFacts,
  changeTreatmentItem,
  correctMedicalEntry,
  getHealthFacts,
  getMedicalEntry,
  listMedicalEntries,
  listTreatmentItems,
  recordMedicalEntry,
} from "./medical-api";
import { listCategorySpeciesRoute, setCategorySpeciesRoute } from "./category-species-api";

/** The medical record's /v1 operations, and each category's SAC species, in the order the document lists them. */
export const medicalApi = defineResourceApi(medicalResource, [
  listCategorySpeciesRoute,
  setCategorySpeciesRoute,
  listTreatmentItems,
  addTreatmentItem,
  changeTreatmentItem,
  listMedicalEntries,
  recordMedicalEntry,
  getMedicalEntry,
  correctMedicalEntry,
  getHealthFacts,
  changeHealthFacts,
  addWeight,
]);
