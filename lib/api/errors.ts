import * as z from "zod";

/**
 * The closed set of `code` values an Error body can carry. The interface document leaves
 * the list "not shown"; this is ours, and the OpenAPI document publishes it as ErrorCode.
 */
export const ErrorCode = z
  .enum([
    "invalid_json",
    "invalid_body",
    "invalid_query",
    "invalid_pet_id",
    "invalid_order_id",
    "invalid_category_id",
    "invalid_path",
    "unauthorized",
    "insufficient_scope",
    "not_found",
    "pet_not_available",
    "order_status_conflict",
    "pet_held_by_order",
    "precondition_failed",
    "category_exists",
    "id_space_exhausted",
    "unknown_pet",
    "method_not_allowed",
    "payload_too_large",
    "unsupported_media_type",
    "invalid_idempotency_key",
    "idempotency_key_reused",
    "idempotency_key_in_use",
    "rate_limited",
    "internal_error",
    "store_unavailable",
    "bad_request",
    "request_timeout",
    "headers_too_large",
    "cursor_expired",
    "invalid_photo_id",
    "unsupported_image",
    "invalid_image",
    "image_too_large",
    "too_many_photos",
    "photos_busy",
    "invalid_credentials",
    "sign_in_busy",
    "cross_origin",
    "email_taken",
    "invalid_invitation",
    "last_admin",
    "invalid_passkey",
    "passkeys_unavailable",
    "invalid_application_id",
    "application_conflict",
    "invalid_stay_id",
    "invalid_placement_id",
    "record_conflict",
    "invalid_record",
    "invalid_item_id",
    "invalid_entry_id",
    "unknown_item",
    "entry_does_not_fit_item",
  ])
  .meta({
    id: "ErrorCode",
    description: [
      "Machine-readable error code (a closed set):",
      "- `invalid_json` (400): the body is empty, not UTF-8 or not JSON",
      "- `invalid_body` (400): the JSON is not a valid NewPet; `details` names each field",
      "- `invalid_query` (400): a query parameter is malformed, repeated or unknown, or the cursor is not one this listing issued",
      "- `invalid_pet_id` (400): `petId` is not a positive decimal integer",
      "- `invalid_order_id` (400): `orderId` is not a positive decimal integer",
      "- `invalid_category_id` (400): `categoryId` in the path is not a positive decimal integer",
      "- `invalid_path` (400): the URL path is not validly percent-encoded",
      "- `unauthorized` (401): the bearer key is missing or not valid",
      "- `insufficient_scope` (403): the key is valid but lacks the scope the operation needs (see `WWW-Authenticate`)",
      "- `not_found` (404): no such pet, order or category, or no such path under /v1",
      "- `pet_not_available` (409): the pet to order is not `available`; `currentStatus` says what it is (to a key without `pets:read`: no pet with this id is available, no `currentStatus`)",
      "- `order_status_conflict` (409): the order cannot take this transition from its status; `currentStatus` says what it is",
      "- `pet_held_by_order` (409): an open order (placed or approved) holds the pet, so its status is the order's to change",
      "- `precondition_failed` (412): the pet changed since the version named in `If-Match`; nothing was saved. Read it again (its `ETag`) and send the change over that version",
      "- `category_exists` (409): a category with this id exists already",
      "- `id_space_exhausted` (409): the next id would pass 2^53-1; nothing was saved (a category can still be created with a free `id`)",
      "- `unknown_pet` (422): the order names a pet that does not exist",
      "- `method_not_allowed` (405): see the `Allow` header",
      "- `payload_too_large` (413): the body is over 16 KiB",
      "- `unsupported_media_type` (415): the body is not `application/json` (or, for updatePet, updatePerson, correctIntake and correctOutcome, `application/merge-patch+json`)",
      "- `invalid_idempotency_key` (400): the `Idempotency-Key` header is malformed, repeated or longer than 255 characters",
      "- `idempotency_key_in_use` (409): a request with this `Idempotency-Key` is still being processed; retry later",
      "- `idempotency_key_reused` (422): this `Idempotency-Key` was used with a different request body",
      "- `rate_limited` (429): too many requests for this key, or too many failed authentications from this address; see `Retry-After`",
      "- `internal_error` (500): an unexpected fault; nothing about it is disclosed",
      "- `store_unavailable` (503): storage refused a write or cannot be reached; nothing was saved, retry later",
      "- `bad_request` (400): the request is not valid HTTP (an unknown method, a malformed request line or header), or its target names another host",
      "- `request_timeout` (408): the request's headers or body did not arrive in time; the connection is closed",
      "- `headers_too_large` (431): the request's headers are too large",
      "- `cursor_expired` (410): the event feed's `after` cursor is older than retention keeps (PETSTORE_EVENT_RETENTION_DAYS): events after it were pruned. Start again without `after`",
      "- `invalid_photo_id` (400): `photoId` is not a positive decimal integer",
      "- `unsupported_image` (415): the uploaded bytes are not a JPEG, PNG or WebP image, whatever the file's name or Content-Type said",
      "- `invalid_image` (422): the image cannot be decoded: it is damaged or cut short",
      "- `image_too_large` (422): the image has more pixels, a longer side or a narrower shape than are accepted (a decompression bomb, a 1 × 49,000,000 strip), or could not be stored at the sizes kept",
      "- `too_many_photos` (409): the animal has as many photos as it may have; delete one first",
      "- `photos_busy` (503): too many photos are being processed right now; nothing was saved, retry after `Retry-After`",
      "- `invalid_credentials` (401, /auth only): the e-mail and password do not match an active account (which of them is wrong is not said)",
      "- `sign_in_busy` (503, /auth only): too many sign-ins are being checked right now; retry after `Retry-After`",
      "- `cross_origin` (403, /auth only): a request made with the session cookie came from another site (its `Origin` is not this server's)",
      "- `email_taken` (409): another staff account has this e-mail",
      "- `invalid_invitation` (410, /auth only): the invitation or set-up link is unknown, used or expired; ask an admin for a new one",
      "- `last_admin` (409): the change would leave no active admin; make someone else an admin first",
      "- `invalid_passkey` (400, /auth only): the passkey being added did not verify, its request expired or was already answered, or it is registered already",
      "- `passkeys_unavailable` (400, /auth only): the site was opened by an IP address; passkeys need its host name",
      "- `invalid_application_id` (400): `applicationId` is not a positive decimal integer",
      "- `application_conflict` (409): the application cannot make this move from its state (it is decided, or its personal data was erased), or approving it found the animal already held by another adoption",
      "- `invalid_stay_id` (400): `stayId` is not a positive decimal integer",
      "- `invalid_placement_id` (400): `placementId` is not a positive decimal integer",
      "- `record_conflict` (409): the animal's record does not allow it as it stands: a second open stay, no open stay, a stay already ended, stays or foster placements that would overlap, a return of an animal not adopted",
      "- `invalid_record` (422): the record's rules refuse the values: an outcome before its intake or not allowed after it, a placement outside its stay, a correction whose result no record could hold (a missing reason is 400 `invalid_body` naming `reason`)",
      "- `invalid_item_id` (400): `itemId` in the path is not a positive decimal integer",
      "- `invalid_entry_id` (400): `entryId` is not a positive decimal integer",
      "- `unknown_item` (422): the medical entry names an item the shelter's list does not keep",
      "- `entry_does_not_fit_item` (422): the medical entry's details do not fit its item's kind (a lot on a test, a test without its result)",
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
