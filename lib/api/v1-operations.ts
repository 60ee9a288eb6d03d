import "server-only";
import type { DocumentedOperation } from "./operation";
import { createPet, getPet, listPets, updatePet } from "./pets-api";
import { deletePhoto, listPhotos, reorderPhotos, updatePhoto, uploadPhoto } from "./photos-api";
import { getMe } from "./me-api";
import { getOrder, listOrders, placeOrder, updateOrderStatus } from "./orders-api";
import { createCategory, listCategories, renameCategory } from "./categories-api";
import { listEvents } from "./events-api";
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  redeliverWebhook,
  rotateWebhookSecret,
  sendWebhookTest,
  updateWebhookEndpoint,
} from "./webhooks-api";
import { createPersonRoute, getPersonRoute, invitePersonRoute, listPeopleRoute, updatePersonRoute } from "./people-api";
import { listAudit } from "./audit-api";
import { getStats, getStatsMatrixCsv, getStatsMembers, getStatsRecordsCsv } from "@/lib/stats/stats-api";
import { createApiKey, listApiKeys, revokeApiKey } from "./keys-api";
import {
  addApplicationNoteRoute,
  createApplicationRoute,
  erasePersonalDataRoute,
  exportPersonalDataRoute,
  getApplicationRoute,
  listApplicationsRoute,
  updateApplicationRoute,
} from "./applications-api";
import {
  getStayRoute,
  listOpenStaysRoute,
  listPetStaysRoute,
  recordIntakeRoute,
  recordReturnRoute,
} from "@/lib/animal-record/stays-api";
import {
  correctIntakeRoute,
  correctOutcomeRoute,
  recordOutcomeRoute,
  withdrawOutcomeRoute,
} from "@/lib/animal-record/stay-changes-api";
import { changePlacementRoute, placeInFosterRoute } from "@/lib/animal-record/placements-api";
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
} from "@/lib/animal-record/medical-api";
import { listCategorySpeciesRoute, setCategorySpeciesRoute } from "@/lib/animal-record/category-species-api";
import { getPetHealthSummary } from "@/lib/animal-record/health-summary-api";
import { getDueList, issueCalendarToken, revokeCalendarToken } from "@/lib/animal-record/due-api";

/**
 * Every operation of /v1 the OpenAPI document describes, each declared once beside its
 * handler (lib/api/operation.ts). Adding an operation is one line here; both servers' route
 * tables, the methods each path allows and the log's route patterns follow
 * (./v1-routes.ts), as the document does.
 */
export const V1_OPERATIONS: readonly DocumentedOperation[] = [
  listPets,
  createPet,
  getPet,
  updatePet,
  getMe,
  listPhotos,
  uploadPhoto,
  reorderPhotos,
  updatePhoto,
  deletePhoto,
  getPetHealthSummary,
  listOrders,
  placeOrder,
  getOrder,
  updateOrderStatus,
  listCategories,
  createCategory,
  renameCategory,
  listCategorySpeciesRoute,
  setCategorySpeciesRoute,
  listEvents,
  listWebhookEndpoints,
  createWebhookEndpoint,
  getWebhookEndpoint,
  updateWebhookEndpoint,
  deleteWebhookEndpoint,
  rotateWebhookSecret,
  sendWebhookTest,
  listWebhookDeliveries,
  redeliverWebhook,
  listPeopleRoute,
  createPersonRoute,
  getPersonRoute,
  updatePersonRoute,
  invitePersonRoute,
  listAudit,
  listApiKeys,
  createApiKey,
  revokeApiKey,
  listApplicationsRoute,
  createApplicationRoute,
  getApplicationRoute,
  updateApplicationRoute,
  addApplicationNoteRoute,
  exportPersonalDataRoute,
  erasePersonalDataRoute,
  listPetStaysRoute,
  recordIntakeRoute,
  recordReturnRoute,
  listOpenStaysRoute,
  getStayRoute,
  recordOutcomeRoute,
  correctIntakeRoute,
  correctOutcomeRoute,
  withdrawOutcomeRoute,
  placeInFosterRoute,
  changePlacementRoute,
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
  getDueList,
  issueCalendarToken,
  revokeCalendarToken,
  getStats,
  getStatsMembers,
  getStatsMatrixCsv,
  getStatsRecordsCsv,
];
