import * as catchAll from "@/app/v1/[[...path]]/route";
import * as application from "@/app/v1/applications/[applicationId]/route";
import * as applicationNotes from "@/app/v1/applications/[applicationId]/notes/route";
import * as applications from "@/app/v1/applications/route";
import * as personalDataErase from "@/app/v1/applications/personal-data/erase/route";
import * as personalDataExport from "@/app/v1/applications/personal-data/export/route";
import * as audit from "@/app/v1/audit/route";
import * as category from "@/app/v1/categories/[categoryId]/route";
import * as categories from "@/app/v1/categories/route";
import * as events from "@/app/v1/events/route";
import * as key from "@/app/v1/keys/[keyId]/route";
import * as keys from "@/app/v1/keys/route";
import * as me from "@/app/v1/me/route";
import * as openApiJson from "@/app/v1/openapi.json/route";
import * as people from "@/app/v1/people/route";
import * as person from "@/app/v1/people/[personId]/route";
import * as personInvitation from "@/app/v1/people/[personId]/invitation/route";
import * as pet from "@/app/v1/pets/[petId]/route";
import * as photo from "@/app/v1/pets/[petId]/photos/[photoId]/route";
import * as photos from "@/app/v1/pets/[petId]/photos/route";
import * as pets from "@/app/v1/pets/route";
import * as order from "@/app/v1/store/orders/[orderId]/route";
import * as orders from "@/app/v1/store/orders/route";
import * as webhooks from "@/app/v1/webhooks/route";
import * as webhook from "@/app/v1/webhooks/[webhookId]/route";
import * as webhookDeliveries from "@/app/v1/webhooks/[webhookId]/deliveries/route";
import * as webhookRedeliver from "@/app/v1/webhooks/[webhookId]/deliveries/[deliveryId]/redeliver/route";
import * as webhookRotateSecret from "@/app/v1/webhooks/[webhookId]/rotate-secret/route";
import * as webhookTest from "@/app/v1/webhooks/[webhookId]/test/route";

/** What a route file exports: handlers named after HTTP methods, and Next's segment config. */
export type RouteModule = Readonly<Record<string, unknown>>;

export interface V1Route {
  /** The route file's folder under app/v1, as Next names it: `pets/[petId]`, `[[...path]]`. */
  folder: string;
  module: RouteModule;
}

/**
 * The front server's /v1 routes: the very modules Next serves from app/v1, imported here
 * so both servers run the same handlers. v1-route-table.test.ts fails when a route file is
 * added under app/v1 and not listed here.
 */
export const V1_ROUTES: readonly V1Route[] = [
  { folder: "pets", module: pets },
  { folder: "pets/[petId]", module: pet },
  { folder: "pets/[petId]/photos", module: photos },
  { folder: "pets/[petId]/photos/[photoId]", module: photo },
  { folder: "me", module: me },
  { folder: "store/orders", module: orders },
  { folder: "store/orders/[orderId]", module: order },
  { folder: "categories", module: categories },
  { folder: "categories/[categoryId]", module: category },
  { folder: "events", module: events },
  { folder: "audit", module: audit },
  { folder: "webhooks", module: webhooks },
  { folder: "webhooks/[webhookId]", module: webhook },
  { folder: "webhooks/[webhookId]/deliveries", module: webhookDeliveries },
  { folder: "webhooks/[webhookId]/deliveries/[deliveryId]/redeliver", module: webhookRedeliver },
  { folder: "webhooks/[webhookId]/rotate-secret", module: webhookRotateSecret },
  { folder: "webhooks/[webhookId]/test", module: webhookTest },
  { folder: "keys", module: keys },
  { folder: "keys/[keyId]", module: key },
  { folder: "people", module: people },
  { folder: "people/[personId]", module: person },
  { folder: "people/[personId]/invitation", module: personInvitation },
  { folder: "applications", module: applications },
  { folder: "applications/[applicationId]", module: application },
  { folder: "applications/[applicationId]/notes", module: applicationNotes },
  { folder: "applications/personal-data/export", module: personalDataExport },
  { folder: "applications/personal-data/erase", module: personalDataErase },
  { folder: "openapi.json", module: openApiJson },
  { folder: "[[...path]]", module: catchAll },
];
