import "server-only";
import { OrderListParams } from "@/lib/orders/list-params";
import { Categories, Category, CategoryRename, NewCategory } from "@/lib/categories/schemas";
import { NewOrder, Order, OrderId, Orders, OrderTransition } from "@/lib/orders/schemas";
import { CategoryId } from "@/lib/pets/schemas";
import { errorRefs } from "./error-responses";
import { schemaOf } from "./json-schema";
import {
  BETA,
  COMMON_ERRORS,
  EXPERIMENTAL,
  jsonAnswer,
  jsonOf,
  pathParameter,
  queryParameters,
} from "./operation-parts";
import { IDEMPOTENCY_KEY_PARAMETER } from "./shared-parts";

// Touch the schemas so their registrations (the `.meta({ id })` calls) are certain to have run.
void [Order, Orders, NewOrder, OrderTransition, Category, Categories, NewCategory, CategoryRename];

const writeErrors = { "400": "BadRequest", "401": "Unauthorized", "413": "PayloadTooLarge" } as const;
const scope = (name: string) => [{ bearerAuth: name ? [name] : [] }];
const IDEMPOTENT =
  " With an `Idempotency-Key`, a retry with the same body gets the first answer; with another body, 422; while the first still runs, 409.";

/** The orders and categories operations (issue 10), with their stability. */
export function adoptionPaths() {
  const orderId = pathParameter("orderId", "ID of the order", schemaOf(OrderId));
  return {
    "/store/orders": {
      get: {
        operationId: "listOrders",
        security: scope("orders:read"),
        tags: ["orders"],
        "x-stability": "experimental",
        summary: "List orders",
        description: `Newest first, at most \`limit\` (default 20), optionally only one \`status\` and/or one pet (\`petId\`). Follow the \`Link\` header for the next page. ${EXPERIMENTAL}`,
        parameters: queryParameters(OrderListParams),
        responses: {
          "200": jsonAnswer("A paginated list of orders", "Orders", "NextPageLink"),
          ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
        },
      },
      post: {
        operationId: "placeOrder",
        security: scope("orders:place"),
        parameters: [IDEMPOTENCY_KEY_PARAMETER],
        tags: ["orders"],
        "x-stability": "experimental",
        summary: "Place an order (reserve a pet)",
        description: `The pet must be \`available\`; in the same atomic step it becomes \`pending\`. Of concurrent orders for one pet exactly one succeeds; the others get 409 \`pet_not_available\` with the pet's \`currentStatus\`. A \`petId\` naming no pet is 422 \`unknown_pet\`. A key without \`pets:read\` is told neither: for a pet that is not available and for one that does not exist alike it gets 409 \`pet_not_available\` without \`currentStatus\`.${IDEMPOTENT} ${EXPERIMENTAL}`,
        requestBody: { required: true, content: jsonOf("NewOrder") },
        responses: {
          "201": jsonAnswer("Order placed; the pet is now pending", "Order", "Location"),
          ...errorRefs({
            ...writeErrors,
            "409": "Conflict",
            "415": "UnsupportedMediaType",
            "422": "UnknownPet",
            ...COMMON_ERRORS,
          }),
        },
      },
    },
    "/store/orders/{orderId}": {
      get: {
        operationId: "getOrder",
        security: scope("orders:read"),
        tags: ["orders"],
        "x-stability": "experimental",
        summary: "Get an order",
        description: `A malformed \`orderId\` is a 400; one that names no order is a 404. ${EXPERIMENTAL}`,
        parameters: [orderId],
        responses: {
          "200": jsonAnswer("The order", "Order"),
          ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
        },
      },
      patch: {
        operationId: "updateOrderStatus",
        security: scope("orders:write"),
        tags: ["orders"],
        "x-stability": "experimental",
        summary: "Move an order to its next status, or change its note",
        description: `\`placed\` → \`approved\` → \`delivered\` (the pet becomes \`sold\`); \`placed\` or \`approved\` → \`cancelled\` (the pet becomes \`available\`). \`delivered\` and \`cancelled\` are final. Any other transition, or one another client made first, is 409 \`order_status_conflict\` with the order's \`currentStatus\`. \`note\` sets staff's note in any status (\`null\` or \`""\` removes it), alone or with \`status\` in the same step; a refused transition changes the note neither. ${EXPERIMENTAL}`,
        parameters: [orderId],
        requestBody: { required: true, content: jsonOf("OrderTransition") },
        responses: {
          "200": jsonAnswer("The order in its new status", "Order"),
          ...errorRefs({
            ...writeErrors,
            "404": "NotFound",
            "409": "Conflict",
            "415": "UnsupportedMediaType",
            ...COMMON_ERRORS,
          }),
        },
      },
    },
    "/categories": {
      get: {
        operationId: "listCategories",
        security: scope(""),
        tags: ["categories"],
        "x-stability": "beta",
        summary: "List categories",
        description: `Every named category, by id. A pet's \`categoryId\` need not name one: such a pet is shown as "Category N". No query parameters. ${BETA}`,
        responses: {
          "200": jsonAnswer("Every category", "Categories"),
          ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
        },
      },
      post: {
        operationId: "createCategory",
        security: scope("categories:write"),
        parameters: [IDEMPOTENCY_KEY_PARAMETER],
        tags: ["categories"],
        "x-stability": "beta",
        summary: "Create a category",
        description: `Without \`id\`, the next after the highest; with one that exists, 409 \`category_exists\`. When the next after the highest would pass 2^53-1, 409 \`id_space_exhausted\`: send a free \`id\` instead.${IDEMPOTENT} ${BETA}`,
        requestBody: { required: true, content: jsonOf("NewCategory") },
        responses: {
          "201": jsonAnswer("Category created", "Category", "Location"),
          ...errorRefs({ ...writeErrors, "409": "Conflict", "415": "UnsupportedMediaType", ...COMMON_ERRORS }),
        },
      },
    },
    "/categories/{categoryId}": {
      patch: {
        operationId: "renameCategory",
        security: scope("categories:write"),
        tags: ["categories"],
        "x-stability": "beta",
        summary: "Rename a category",
        description: `A malformed \`categoryId\` is a 400; one with no record is a 404 (create it first). ${BETA}`,
        parameters: [pathParameter("categoryId", "ID of the category", schemaOf(CategoryId))],
        requestBody: { required: true, content: jsonOf("CategoryRename") },
        responses: {
          "200": jsonAnswer("The renamed category", "Category"),
          ...errorRefs({ ...writeErrors, "404": "NotFound", "415": "UnsupportedMediaType", ...COMMON_ERRORS }),
        },
      },
    },
  };
}
