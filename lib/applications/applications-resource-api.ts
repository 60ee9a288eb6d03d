import "server-only";
import { defineResourceApi } from "@/lib/api/resource-api";
import {
  addApplicationNoteRoute,
  createApplicationRoute,
  erasePersonalDataRoute,
  exportPersonalDataRoute,
  getApplicationRoute,
  listApplicationsRoute,
  updateApplicationRoute,
} from "@/lib/api/applications-api";
import { applicationsResource } from "./applications-resource";

/** The applications' /v1 operations, in the order the document lists them. */
export const applicationsApi = defineResourceApi(applicationsResource, [
  listApplicationsRoute,
  createApplicationRoute,
  getApplicationRoute,
  updateApplicationRoute,
  addApplicationNoteRoute,
  exportPersonalDataRoute,
  erasePersonalDataRoute,
]);
