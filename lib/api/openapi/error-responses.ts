import type { ErrorCode } from "@/lib/api/errors";
import { headerRefs, type HeaderName } from "./response-headers";

type Example = {
  code: ErrorCode;
  message: string;
  status: number;
  details?: { field: string; message: string }[];
  currentStatus?: string;
};

const errorResponse = (description: string, examples: Example | Example[], extra: HeaderName[] = []) => ({
  description,
  headers: headerRefs("XRequestId", "CacheControl", "RateLimitPolicy", "RateLimit", ...extra),
  content: {
    "application/json": {
      schema: { $ref: "#/components/schemas/Error" },
      examples: Object.fromEntries([examples].flat().map((example) => [example.code, { value: example }])),
    },
  },
});

/** The error answers operations share, as OpenAPI response components. */
export const errorResponses = {
  BadRequest: errorResponse("The request has invalid values; `details` names each offending field.", [
    {
      code: "invalid_body",
      message: "Invalid pet: name must not be empty; categoryId is required.",
      status: 400,
      details: [
        { field: "name", message: "must not be empty" },
        { field: "categoryId", message: "is required" },
      ],
    },
    { code: "invalid_json", message: "The request body is not valid JSON.", status: 400 },
    {
      code: "invalid_idempotency_key",
      message: "Invalid Idempotency-Key header: it must be at most 255 characters.",
      status: 400,
      details: [{ field: "Idempotency-Key", message: "must be at most 255 characters" }],
    },
    {
      code: "invalid_query",
      message: "Invalid query: limit must be an integer from 1 to 100.",
      status: 400,
      details: [{ field: "limit", message: "must be an integer from 1 to 100" }],
    },
    {
      code: "invalid_pet_id",
      message: "petId must be a positive integer such as 42.",
      status: 400,
      details: [{ field: "petId", message: "must be a positive integer" }],
    },
  ]),
  Unauthorized: errorResponse(
    "Missing or invalid API key.",
    { code: "unauthorized", message: "Invalid API key.", status: 401 },
    ["WWWAuthenticate"],
  ),
  Forbidden: errorResponse(
    "The API key is valid but lacks the scope this operation needs; `WWW-Authenticate` names it.",
    { code: "insufficient_scope", message: "This API key lacks the pets:write scope.", status: 403 },
    ["WWWAuthenticate"],
  ),
  TooManyRequests: errorResponse(
    "Too many requests for this API key in the current window, or too many failed authentications from this address. Wait `Retry-After` seconds.",
    [{ code: "rate_limited", message: "This API key made more than 600 requests in 60 s; retry later.", status: 429 }],
    ["RetryAfter"],
  ),
  IdempotencyKeyInUse: errorResponse(
    "A request with this `Idempotency-Key` (from this API key) is still running. Retry after `Retry-After` seconds to get its answer.",
    {
      code: "idempotency_key_in_use",
      message: "A request with this Idempotency-Key is still running; retry later.",
      status: 409,
    },
    ["RetryAfter"],
  ),
  IdempotencyKeyReused: errorResponse(
    "This `Idempotency-Key` was already used by this API key with a different request body; nothing was done.",
    {
      code: "idempotency_key_reused",
      message: "This Idempotency-Key was already used with a different request body.",
      status: 422,
    },
  ),
  CursorExpired: errorResponse(
    "The `after` cursor is older than the event log keeps (retention): events after it were pruned, so resuming would skip them silently. Start again without `after`.",
    {
      code: "cursor_expired",
      message:
        "Events after this cursor are no longer kept (retention pruned them): some were lost to you. Start again without `after`.",
      status: 410,
      details: [{ field: "after", message: "is older than retention" }],
    },
  ),
  NotFound: errorResponse("The requested resource could not be found.", {
    code: "not_found",
    message: "No pet has this id.",
    status: 404,
  }),
  Conflict: errorResponse(
    "Someone else changed the pet, order, category or application first; `currentStatus` says where it stands now.",
    [
      {
        code: "pet_not_available",
        message: "The pet is pending, not available: someone else reserved or adopted it first.",
        status: 409,
        currentStatus: "pending",
      },
      {
        code: "order_status_conflict",
        message: "The order is delivered now, so it cannot become cancelled.",
        status: 409,
        currentStatus: "delivered",
      },
      { code: "category_exists", message: "Category 3 exists already; rename it instead.", status: 409 },
      {
        code: "pet_held_by_order",
        message: "An open order (placed or approved) holds this pet: approve, deliver or cancel the order instead.",
        status: 409,
      },
      {
        code: "id_space_exhausted",
        message:
          "No category id is left after 9007199254740991, the largest a JSON number holds exactly; nothing was saved. Create the category with a free `id` of your choice instead.",
        status: 409,
      },
      {
        code: "application_conflict",
        message: "The application cannot be approved: the animal is already held by another adoption.",
        status: 409,
      },
    ],
  ),
  RecordConflict: errorResponse("The animal's record does not allow it as it stands; nothing was saved.", {
    code: "record_conflict",
    message: "The animal is already in care (stay 3): record that stay's outcome first.",
    status: 409,
  }),
  RecordRefused: errorResponse("The record's rules refuse these values; nothing was saved.", {
    code: "invalid_record",
    message: "The outcome is dated before the stay's intake.",
    status: 422,
  }),
  PreconditionFailed: errorResponse(
    "RFC 9110 §13.1.1: the animal changed since the version named in `If-Match`; nothing was saved.",
    {
      code: "precondition_failed",
      message: "The pet changed since you read it: read it again (its ETag) and send your change over that version.",
      status: 412,
    },
  ),
  UnknownPet: errorResponse("The order or application names a pet that does not exist.", {
    code: "unknown_pet",
    message: "No pet has this petId.",
    status: 422,
    details: [{ field: "petId", message: "names no pet" }],
  }),
  MedicalEntryRefused: errorResponse(
    "The medical entry names no item of the shelter's list, or does not fit its item's kind.",
    [
      {
        code: "unknown_item",
        message: "The shelter's list has no item 9.",
        status: 422,
        details: [{ field: "itemId", message: "names no item of the list" }],
      },
      { code: "entry_does_not_fit_item", message: "FeLV/FIV test is a test: record its result.", status: 422 },
    ],
  ),
  PayloadTooLarge: errorResponse("The body is over 16 KiB (16384 bytes).", {
    code: "payload_too_large",
    message: "The request body is larger than 16384 bytes.",
    status: 413,
  }),
  UnsupportedMediaType: errorResponse("The body is not sent as `application/json`.", {
    code: "unsupported_media_type",
    message: "Send the body as JSON with Content-Type: application/json.",
    status: 415,
  }),
  PhotoTooLarge: errorResponse("The image is over 15 MiB.", {
    code: "payload_too_large",
    message: "The photo is larger than 15728640 bytes.",
    status: 413,
  }),
  UnsupportedImage: errorResponse("The body is not a JPEG, PNG or WebP image (told from its bytes).", {
    code: "unsupported_image",
    message: "The body is not a JPEG, PNG or WebP image.",
    status: 415,
  }),
  ImageRefused: errorResponse("The image cannot be decoded, or has more pixels than are accepted.", [
    { code: "invalid_image", message: "The image cannot be decoded: it is damaged or cut short.", status: 422 },
    {
      code: "image_too_large",
      message: "The image is 30000 × 30000 pixels; at most 50,000,000 pixels are accepted.",
      status: 422,
    },
  ]),
  TooManyPhotos: errorResponse("The animal has as many photos as it may have.", {
    code: "too_many_photos",
    message: "This animal has 12 photos, the most it may have; delete one first.",
    status: 409,
  }),
  PhotosBusy: errorResponse(
    "Too many photos are being processed right now; nothing was saved.",
    { code: "photos_busy", message: "Too many photos are being processed; retry shortly.", status: 503 },
    ["RetryAfter"],
  ),
  InternalError: errorResponse("An unexpected fault; nothing about it is disclosed.", {
    code: "internal_error",
    message: "Something went wrong on our side (request 6f1c…).",
    status: 500,
  }),
  StoreUnavailable: errorResponse(
    "Storage refused the write (disk full, read-only, no permission) or cannot be reached in time (the database is down, too slow or its connections are all busy). Nothing was saved; retry later.",
    {
      code: "store_unavailable",
      message: "The pet store cannot reach its storage right now; nothing was saved. Retry later.",
      status: 503,
    },
    ["RetryAfter"],
  ),
};

export type ErrorResponseName = keyof typeof errorResponses;

/**
 * Error responses for an operation: references to the shared components, or, when the
 * operation adds headers of its own to every answer (getPet's deprecation), copies of
 * them with those headers documented too.
 */
export function errorRefs(entries: Record<string, ErrorResponseName>, extraHeaders: readonly HeaderName[] = []) {
  return Object.fromEntries(
    Object.entries(entries).map(([status, name]) => {
      if (extraHeaders.length === 0) return [status, { $ref: `#/components/responses/${name}` }];
      const shared = errorResponses[name];
      return [status, { ...shared, headers: { ...shared.headers, ...headerRefs(...extraHeaders) } }];
    }),
  );
}
