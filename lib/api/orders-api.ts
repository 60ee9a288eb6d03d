import "server-only";
import { OrderListParams } from "@/lib/orders/list-params";
import { NewOrder, OrderTransition, Order, OrderId, Orders } from "@/lib/orders/schemas";
import { nextPageLink } from "@/lib/paging/link-header";
import { getPetStore } from "@/lib/composition";
import { updateOrder } from "@/lib/orders/update-order";
import { tellWaitingAdopters } from "@/lib/applications/animal-gone";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { oncePerFrozen } from "./once-per-frozen";
import { ApiError } from "./api-error";
import { parseBody } from "./parse-body";
import { parsePathId } from "./parse-path-id";
import { parseSearchParams } from "./parse-search-params";
import { created } from "./recorded-write";
import { withholdPetState } from "./withhold-pet-state";
import { errorRefs } from "./openapi/error-responses";
import { schemaOf } from "./openapi/json-schema";
import {
  COMMON_ERRORS,
  jsonAnswer,
  jsonOf,
  pathParameter,
  queryParameters,
  IDEMPOTENT_RETRY,
  WRITE_ERRORS,
} from "./openapi/operation-parts";
import { IDEMPOTENCY_KEY_PARAMETER } from "./openapi/shared-parts";

const orderId = pathParameter("orderId", "ID of the order", schemaOf(OrderId));

export const ORDERS_PATH = "/v1/store/orders";

// A remembered page (one query's, frozen) has one next link (./once-per-frozen.ts).
const linkOnce = oncePerFrozen<string>();

/** listOrders: GET /v1/store/orders — the listPets conventions, plus a filter by pet. */
export const listOrders = defineOperation(
  {
    operationId: "listOrders",
    method: "GET",
    path: "/store/orders",
    scope: "orders:read",
    stability: "experimental",
    summary: "List orders",
    document: {
      tag: "orders",
      description: `Newest first, at most \`limit\` (default 20), optionally only one \`status\` and/or one pet (\`petId\`). Follow the \`Link\` header for the next page.`,
      parameters: queryParameters(OrderListParams),
      responses: {
        "200": jsonAnswer("A paginated list of orders", Orders, "NextPageLink"),
        ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
      },
    },
  },
  async (request) => {
    const query = parseSearchParams(request.url, OrderListParams);
    const page = await (await getPetStore()).listOrders(query);
    const headers: Record<string, string> = {};
    if (page.nextCursor) {
      const { limit, status, petId } = query;
      const { nextCursor: cursor } = page;
      headers.Link = linkOnce(page, () => nextPageLink(ORDERS_PATH, { limit, status, petId, cursor }));
    }
    return jsonResponse(page.orders, 200, headers);
  },
);

/**
 * placeOrder: POST /v1/store/orders — the pet becomes pending in the same durable step, and
 * the adopters whose applications wait for it are told (docs/decisions/221). A refusal tells
 * the pet's status only to a key that may read pets (./withhold-pet-state.ts).
 */
export const placeOrder = defineOperation(
  {
    operationId: "placeOrder",
    method: "POST",
    path: "/store/orders",
    scope: "orders:place",
    idempotent: true,
    stability: "experimental",
    summary: "Place an order (reserve a pet)",
    document: {
      tag: "orders",
      description: `The pet must be \`available\`; in the same atomic step it becomes \`pending\`. Of concurrent orders for one pet exactly one succeeds; the others get 409 \`pet_not_available\` with the pet's \`currentStatus\`. A \`petId\` naming no pet is 422 \`unknown_pet\`. A key without \`pets:read\` is told neither: for a pet that is not available and for one that does not exist alike it gets 409 \`pet_not_available\` without \`currentStatus\`.${IDEMPOTENT_RETRY}`,
      parameters: [IDEMPOTENCY_KEY_PARAMETER],
      requestBody: { required: true, content: jsonOf(NewOrder) },
      responses: {
        "201": jsonAnswer("Order placed; the pet is now pending", Order, "Location"),
        ...errorRefs({
          ...WRITE_ERRORS,
          "409": "Conflict",
          "415": "UnsupportedMediaType",
          "422": "UnknownPet",
          ...COMMON_ERRORS,
        }),
      },
    },
  },
  async (request, _context, caller, write) => {
    const newOrder = await parseBody(request, NewOrder, "order");
    const store = await getPetStore();
    const place = () => write(created(ORDERS_PATH), (record) => store.placeOrder(newOrder, record));
    return tellWaitingAdopters(newOrder.petId, place).catch((error: unknown) => {
      throw withholdPetState(caller, error);
    });
  },
);

type OrderRouteContext = { params: Promise<{ orderId: string }> };

const orderIdOf = async (context: OrderRouteContext) =>
  parsePathId((await context.params).orderId, "orderId", "invalid_order_id");

/** getOrder: GET /v1/store/orders/{orderId}. */
export const getOrder = defineOperation(
  {
    operationId: "getOrder",
    method: "GET",
    path: "/store/orders/{orderId}",
    scope: "orders:read",
    stability: "experimental",
    summary: "Get an order",
    document: {
      tag: "orders",
      description: `A malformed \`orderId\` is a 400; one that names no order is a 404.`,
      parameters: [orderId],
      responses: {
        "200": jsonAnswer("The order", Order),
        ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (_request, context) => {
    const id = await orderIdOf(context);
    const order = id === undefined ? undefined : await (await getPetStore()).getOrder(id);
    if (!order) throw new ApiError(404, "not_found", "No order has this id.");
    return jsonResponse(order);
  },
);

/**
 * updateOrderStatus: PATCH /v1/store/orders/{orderId} with `{"status": …}`, `{"note": …}` or
 * both, in one step (docs/decisions/080-order-transitions-as-a-status-patch.md, 156). The
 * note is personal data: it is stored, never logged or echoed in an error.
 */
export const updateOrderStatus = defineOperation(
  {
    operationId: "updateOrderStatus",
    method: "PATCH",
    path: "/store/orders/{orderId}",
    scope: "orders:write",
    stability: "experimental",
    summary: "Move an order to its next status, or change its note",
    document: {
      tag: "orders",
      description: `\`placed\` → \`approved\` → \`delivered\` (the pet becomes \`sold\`); \`placed\` or \`approved\` → \`cancelled\` (the pet becomes \`available\`). \`delivered\` and \`cancelled\` are final. Any other transition, or one another client made first, is 409 \`order_status_conflict\` with the order's \`currentStatus\`. \`note\` sets staff's note in any status (\`null\` or \`""\` removes it), alone or with \`status\` in the same step; a refused transition changes the note neither.`,
      parameters: [orderId],
      requestBody: { required: true, content: jsonOf(OrderTransition) },
      responses: {
        "200": jsonAnswer("The order in its new status", Order),
        ...errorRefs({
          ...WRITE_ERRORS,
          "404": "NotFound",
          "409": "Conflict",
          "415": "UnsupportedMediaType",
          ...COMMON_ERRORS,
        }),
      },
    },
  },
  async (request, context) => {
    const id = await orderIdOf(context);
    const change = await parseBody(request, OrderTransition, "order change");
    if (id === undefined) throw new ApiError(404, "not_found", "No order has this id.");
    return jsonResponse(await updateOrder(id, change));
  },
);
