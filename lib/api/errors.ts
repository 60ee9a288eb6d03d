import * as z from "zod";
import type { ErrorCodeDeclaration } from "@/lib/resources/define-resource";
import { errorCodesWith } from "@/lib/resources/registries";

/**
 * The codes no declaration holds (docs/decisions/282, 315), each with its HTTP status and
 * meaning: the protocol's own (invalid_json, unauthorized, rate_limited, …), which are no
 * resource's, and among them the pets', orders', categories' and the event feed's, which a
 * declaration would move in the ErrorCode enum. A declared resource brings its own; the
 * registry merges this list in place among theirs (lib/resources/registries.ts).
 */
export const OLDER_ERROR_CODES = {
  invalid_json: { status: 400, description: "the body is empty, not UTF-8 or not JSON" },
  invalid_body: { status: 400, description: "the JSON is not a valid NewPet; `details` names each field" },
  invalid_query: {
    status: 400,
    description: "a query parameter is malformed, repeated or unknown, or the cursor is not one this listing issued",
  },
  invalid_pet_id: { status: 400, description: "`petId` is not a positive decimal integer" },
  invalid_order_id: { status: 400, description: "`orderId` is not a positive decimal integer" },
  invalid_category_id: { status: 400, description: "`categoryId` in the path is not a positive decimal integer" },
  invalid_path: { status: 400, description: "the URL path is not validly percent-encoded" },
  unauthorized: { status: 401, description: "the bearer key is missing or not valid" },
  insufficient_scope: {
    status: 403,
    description: "the key is valid but lacks the scope the operation needs (see `WWW-Authenticate`)",
  },
  not_found: { status: 404, description: "no such pet, order or category, or no such path under /v1" },
  pet_not_available: {
    status: 409,
    description:
      "the pet to order is not `available`; `currentStatus` says what it is (to a key without `pets:read`: no pet with this id is available, no `currentStatus`)",
  },
  order_status_conflict: {
    status: 409,
    description: "the order cannot take this transition from its status; `currentStatus` says what it is",
  },
  pet_held_by_order: {
    status: 409,
    description: "an open order (placed or approved) holds the pet, so its status is the order's to change",
  },
  precondition_failed: {
    status: 412,
    description:
      "the pet changed since the version named in `If-Match`; nothing was saved. Read it again (its `ETag`) and send the change over that version",
  },
  category_exists: { status: 409, description: "a category with this id exists already" },
  id_space_exhausted: {
    status: 409,
    description: "the next id would pass 2^53-1; nothing was saved (a category can still be created with a free `id`)",
  },
  unknown_pet: { status: 422, description: "the order names a pet that does not exist" },
  method_not_allowed: { status: 405, description: "see the `Allow` header" },
  payload_too_large: { status: 413, description: "the body is over 16 KiB" },
  unsupported_media_type: {
    status: 415,
    description:
      "the body is not `application/json` (or, for updatePet, updatePerson, correctIntake and correctOutcome, `application/merge-patch+json`)",
  },
  invalid_idempotency_key: {
    status: 400,
    description: "the `Idempotency-Key` header is malformed, repeated or longer than 255 characters",
  },
  idempotency_key_reused: { status: 422, description: "this `Idempotency-Key` was used with a different request body" },
  idempotency_key_in_use: {
    status: 409,
    description: "a request with this `Idempotency-Key` is still being processed; retry later",
  },
  rate_limited: {
    status: 429,
    description:
      "too many requests for this key, or too many failed authentications from this address; see `Retry-After`",
  },
  internal_error: { status: 500, description: "an unexpected fault; nothing about it is disclosed" },
  store_unavailable: {
    status: 503,
    description: "storage refused a write or cannot be reached; nothing was saved, retry later",
  },
  bad_request: {
    status: 400,
    description:
      "the request is not valid HTTP (an unknown method, a malformed request line or header), or its target names another host",
  },
  request_timeout: {
    status: 408,
    description: "the request's headers or body did not arrive in time; the connection is closed",
  },
  headers_too_large: { status: 431, description: "the request's headers are too large" },
  cursor_expired: {
    status: 410,
    description:
      "the event feed's `after` cursor is older than retention keeps (PETSTORE_EVENT_RETENTION_DAYS): events after it were pruned. Start again without `after`",
  },
} as const satisfies Record<string, ErrorCodeDeclaration>;

/** Every code an Error body can carry, with its HTTP status and meaning. */
export const ERROR_CODES = errorCodesWith(OLDER_ERROR_CODES);
type ErrorCodeName = keyof typeof ERROR_CODES & string;
const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCodeName, ...ErrorCodeName[]];

/**
 * The closed set of `code` values an Error body can carry. The interface document leaves
 * the list "not shown"; this is ours, and the OpenAPI document publishes it as ErrorCode.
 */
export const ErrorCode = z.enum(ERROR_CODE_NAMES).meta({
  id: "ErrorCode",
  description: [
    "Machine-readable error code (a closed set):",
    ...ERROR_CODE_NAMES.map((code) => {
      const { status, description, authOnly }: ErrorCodeDeclaration = ERROR_CODES[code];
      return `- \`${code}\` (${status}${authOnly ? ", /auth only" : ""}): ${description}`;
    }),
  ].join("\n"),
});
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ErrorDetail = z
  .object({
    field: z
      .string()
      .meta({ description: 'The offending top-level field or query parameter; "" for the body as a whole' }),
    message: z.string().meta({ description: "Why it was refused" }),
  })
  .meta({ id: "ErrorDetail" });
export type ErrorDetail = z.infer<typeof ErrorDetail>;

export const ErrorBody = z
  .object({
    code: ErrorCode,
    message: z.string().meta({ description: "Human-readable description" }),
    status: z.int().min(400).max(599).meta({ description: "The HTTP status code" }),
    details: z
      .array(ErrorDetail)
      .optional()
      .meta({ description: "Present on 400 responses: one entry per offending field" }),
    currentStatus: z.string().optional().meta({
      description:
        "Present on `pet_not_available`, `order_status_conflict` and `application_conflict`: the pet's, the order's or the application's status now (a PetStatus, an OrderStatus or an ApplicationState). Absent from `pet_not_available` for a key without `pets:read`",
    }),
  })
  .meta({ id: "Error", description: "Every error from /v1 has this shape." });
export type ErrorBody = z.infer<typeof ErrorBody>;
