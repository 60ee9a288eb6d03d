import "server-only";
import { ErrorBody } from "@/lib/api/errors";

import { NewPet, Pet, Pets } from "@/lib/pets/schemas";
import { Me } from "@/lib/keys/me";
import { SCOPES, SCOPE_DESCRIPTIONS } from "@/lib/keys/scopes";
import { tagsWith } from "@/lib/resources/registries";
import { MIN_API_KEY_LENGTH } from "@/lib/config";
import { MAX_BODY_BYTES } from "@/lib/api/read-json-body";

import { eventComponents, eventWebhooks } from "./event-paths";

import { errorResponses } from "./error-responses";
import { headers } from "./response-headers";
import { componentSchemas } from "./json-schema";
import { reachableSchemas } from "./reachable-schemas";
import { operationPaths } from "./operation-paths";
import { V1_OPERATIONS } from "@/lib/api/v1-operations";

// Touch the schemas so their registrations (the `.meta({ id })` calls) are certain to have run.
void [ErrorBody, NewPet, Pet, Pets, Me];

const DESCRIPTION = `Browse and add animals available for adoption.

Every operation needs \`Authorization: Bearer <key>\`. Keys are issued with a name, scopes and
an optional expiry by \`npm run keys -- create\` or \`POST /v1/keys\` (shown once; \`psk_\` + id + secret + checksum),
or come from the server's \`PETSTORE_API_KEYS\` (each at least ${MIN_API_KEY_LENGTH} characters of RFC 6750
b64token syntax); a server started without any generates one into its data directory and prints
it once. Those two kinds hold every scope. Each operation names the scope it needs; a key
without it gets a 403. \`GET /v1/me\` tells a key its name, scopes and expiry.

- **Rate limits**: each API key has a quota per window (default 600 requests per 60 s), and
  failed authentications are limited per client address (default 20 per window). Every
  counted answer carries \`RateLimit-Policy\` and \`RateLimit\`
  (draft-ietf-httpapi-ratelimit-headers); over the limit, a 429 with \`Retry-After\`.
- **Safe retries**: createPet honours \`Idempotency-Key\` (draft-ietf-httpapi-idempotency-key-header):
  a retry with the same key and body gets the first answer again and creates nothing.

Choices where the interface document says "not shown":
- **Paging**: listPets answers newest first; when more pets match, a \`Link: <…>; rel="next"\`
  header (RFC 8288) carries an opaque cursor. The body is always a plain array of Pet.
- **Errors**: every error is the Error body; \`code\` is one of ErrorCode. Other statuses:
  400 for bad query parameters or petId, 405 (with \`Allow\`) for any method a path does
  not serve (TRACE, PROPFIND and QUERY included; OPTIONS answers 204 with \`Allow\`),
  413 for bodies over ${MAX_BODY_BYTES} bytes, 415 for non-JSON bodies, 503 when storage
  refuses a write or cannot be reached, 404 for unknown paths under /v1.
- **Integers**: ids are int64 in the contract but at most 2^53-1 here: JSON numbers are
  doubles in most clients and lose precision above that.
- **Status**: a pet created without \`status\` is \`available\`.
- **Stability**: every operation states \`x-stability\`: \`stable\` (pets), \`beta\`
  (categories, /me) or \`experimental\` (orders). The README's versioning policy says what each may
  change and how changes are announced.
- **Orders**: placing one makes the pet \`pending\`; delivering it makes the pet \`sold\`,
  cancelling it makes the pet \`available\` again. A 409 names the \`currentStatus\`.
- **Every response** carries \`X-Request-Id\`; answers with pets are \`Cache-Control: no-store\`.

This document is generated from the same zod schemas that validate requests.`;

/**
 * The tags no declaration holds yet (docs/decisions/282, 315): the keys', events' and
 * webhooks', and the orders' and categories', which the document lists after the keys' (their
 * declarations would move them ahead of it). Each declared resource brings its own.
 */
export const OLDER_TAGS: readonly { name: string; description: string }[] = [
  { name: "keys", description: "The calling API key; issuing, listing and revoking keys (experimental)" },
  { name: "orders", description: "Adoptions: reserve a pet, approve, complete or cancel (experimental)" },
  { name: "categories", description: "Named categories of animals (beta)" },
  { name: "events", description: "What changed: the event feed and the webhooks' payloads (experimental)" },
  { name: "webhooks", description: "Signed event deliveries to your URLs (experimental)" },
];

function buildOpenApiDocument() {
  const paths = operationPaths(V1_OPERATIONS);
  const webhooks = eventWebhooks();
  const responses = errorResponses;
  const schemas = reachableSchemas({ ...componentSchemas(), ...eventComponents() }, [
    paths,
    webhooks,
    responses,
    headers,
  ]);
  return {
    openapi: "3.1.0",
    info: {
      title: "Pet Store API",
      version: "1.0.0",
      description: DESCRIPTION,
      license: { name: "UNLICENSED", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: "/v1", description: "This server" }],
    security: [{ bearerAuth: [] }],
    // The older list's and each declared resource's own (docs/decisions/282, 315).
    tags: tagsWith(OLDER_TAGS),
    // Read off the operations' declarations (lib/api/v1-operations.ts, docs/decisions/244).
    paths,
    webhooks,
    components: {
      schemas,
      responses,
      headers,
      securitySchemes: {
        bearerAuth: {
          type: "http",
          scheme: "bearer",
          description: [
            `An API key sent as a bearer token: at least ${MIN_API_KEY_LENGTH} characters of RFC 6750 b64token syntax.`,
            "Each operation lists the scope it needs in its `security` requirement (OpenAPI 3.1 allows role names for non-OAuth schemes):",
            ...SCOPES.map((scope) => `- \`${scope}\`: ${SCOPE_DESCRIPTIONS[scope]}`),
            "Keys from PETSTORE_API_KEYS and the generated key hold every scope.",
          ].join("\n"),
        },
      },
    },
  };
}

let document: string | undefined;

/** The OpenAPI 3.1 document as JSON text, built once per process. */
export function openApiDocumentJson(): string {
  document ??= JSON.stringify(buildOpenApiDocument());
  return document;
}
