import "server-only";
import type { oas31 } from "zod-openapi";
import { MAX_IDEMPOTENCY_KEY_LENGTH } from "@/lib/api/idempotency-key";

/** The rate-limit headers every answer to a keyed request carries (docs/decisions/091). */
export const RATE_LIMIT_HEADERS = ["RateLimitPolicy", "RateLimit"] as const;

/** The Idempotency-Key request header of every POST that opts in (docs/decisions/092). */
export const IDEMPOTENCY_KEY_PARAMETER: oas31.ParameterObject = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: `draft-ietf-httpapi-idempotency-key-header: a unique value per logical request, as a structured-field string (\`"8e03978e-40d5-43e8-bc93-6894a57f9324"\`; a bare value is accepted too), at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters. Scoped to the API key and kept 24 hours (PETSTORE_IDEMPOTENCY_TTL_HOURS). The same key with the same body returns the first answer (status, body, Location) without creating anything, even after a server crash; with a different body, 422; while the first request still runs, 409. Failed requests (4xx, 5xx) are not kept: a retry runs afresh.`,
  schema: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH + 2 },
};
