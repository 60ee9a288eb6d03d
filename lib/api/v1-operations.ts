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
import { createApiKey, listApiKeys, revokeApiKey } from "./keys-api";
import type { ResourceApi } from "./resource-api";
import * as declaredApis from "@/lib/resources/declared-resource-api";
import { inResourceOrder } from "@/lib/resources/resources";

/**
 * The operations of each declared resource (docs/decisions/282, 305), one line each in
 * lib/resources/declared-resource-api.ts, in the resources' order.
 */
export const RESOURCE_APIS: readonly ResourceApi[] = inResourceOrder(
  Object.values(declaredApis),
  (api) => api.resource,
);

/**
 * Every operation of /v1 the OpenAPI document describes, each declared once beside its
 * handler (lib/api/operation.ts): the older resources' here, each declared resource's after
 * them. Adding an operation is one line in its resource's list; both servers' route tables,
 * the methods each path allows and the log's route patterns follow (./v1-routes.ts), as the
 * document does.
 */
const OLDER_OPERATIONS: readonly DocumentedOperation[] = [
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
  listOrders,
  placeOrder,
  getOrder,
  updateOrderStatus,
  listCategories,
  createCategory,
  renameCategory,
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
];

/**
 * Every operation of /v1 the OpenAPI document describes: the older ones, and each declared
 * resource's listed with its tag's (after the last operation already listed under the same
 * tag, or last): the adopters' health summary with the pets', the category species with the
 * categories'. The document, the /docs outline and the client's types keep that order.
 */
export const V1_OPERATIONS: readonly DocumentedOperation[] = RESOURCE_APIS.flatMap((api) => api.operations).reduce(
  (listed, operation) => {
    let after = listed.length - 1;
    while (after >= 0 && listed[after]!.document.tag !== operation.document.tag) after -= 1;
    return after < 0 ? [...listed, operation] : [...listed.slice(0, after + 1), operation, ...listed.slice(after + 1)];
  },
  [...OLDER_OPERATIONS],
);
