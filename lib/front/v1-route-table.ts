import * as catchAll from "@/app/v1/[[...path]]/route";
import * as audit from "@/app/v1/audit/route";
import * as category from "@/app/v1/categories/[categoryId]/route";
import * as categories from "@/app/v1/categories/route";
import * as events from "@/app/v1/events/route";
import * as me from "@/app/v1/me/route";
import * as openApiJson from "@/app/v1/openapi.json/route";
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
  { folder: "openapi.json", module: openApiJson },
  { folder: "[[...path]]", module: catchAll },
];
