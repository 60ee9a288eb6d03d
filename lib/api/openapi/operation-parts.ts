import "server-only";
import * as z from "zod";
import type { oas31 } from "zod-openapi";
import { schemaOf } from "./json-schema";
import { headerRefs, type HeaderName } from "./response-headers";
import { RATE_LIMIT_HEADERS } from "./shared-parts";

/** The pieces every *-paths.ts file builds its operations from, written once. */

export const EXPERIMENTAL =
  "Experimental: may change or go away in any release, announced in the README's changelog only (see the versioning policy).";
export const BETA =
  "Beta: changes that break clients are announced with `Deprecation` and `Sunset` headers at least 90 days ahead.";

/** The errors any keyed operation may answer. */
export const COMMON_ERRORS = {
  "401": "Unauthorized",
  "403": "Forbidden",
  "429": "TooManyRequests",
  "500": "InternalError",
  "503": "StoreUnavailable",
} as const;
/** The errors the orders' and categories' writes list first. */
export const WRITE_ERRORS = { "400": "BadRequest", "401": "Unauthorized", "413": "PayloadTooLarge" } as const;
/** What an operation that honours `Idempotency-Key` adds to its description. */
export const IDEMPOTENT_RETRY =
  " With an `Idempotency-Key`, a retry with the same body gets the first answer; with another body, 422; while the first still runs, 409.";
/** And those of one that reads a JSON body. */
export const BODY_ERRORS = { "400": "BadRequest", "413": "PayloadTooLarge", "415": "UnsupportedMediaType" } as const;

/** JSON of a registered schema: by its id, or (in an operation's declaration) the zod schema itself. */
export const jsonOf = (schema: string | z.ZodType) => ({
  "application/json": { schema: typeof schema === "string" ? { $ref: `#/components/schemas/${schema}` } : schema },
});

/** A JSON answer with the headers every keyed answer carries, after the `extra` ones. */
export const jsonAnswer = (
  description: string,
  content: string | z.ZodType | Record<string, unknown>,
  ...extra: HeaderName[]
) => ({
  description,
  headers: headerRefs(...extra, "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
  content: typeof content === "string" || content instanceof z.ZodType ? jsonOf(content) : content,
});

/** An answer with no body (204). */
export const emptyAnswer = (description: string) => ({
  description,
  headers: headerRefs("XRequestId", ...RATE_LIMIT_HEADERS),
});

export const jsonBody = (schema: string | z.ZodType) => ({ requestBody: { required: true, content: jsonOf(schema) } });

/** A path parameter of an operation's declaration: a string unless `schema` says otherwise. */
export const pathParam = (description: string, schema: z.ZodType = z.string()) =>
  schema.meta({ param: { description } });

export const pathParameter = (
  name: string,
  description: string,
  schema: Record<string, unknown> = { type: "string" },
): oas31.ParameterObject => ({ name, in: "path", required: true, description, schema });

/** A listing's query parameters, one per field of its zod object; `asWritten` overrides a schema. */
export function queryParameters(
  params: z.ZodObject,
  asWritten: Record<string, Record<string, unknown>> = {},
): oas31.ParameterObject[] {
  return Object.entries(params.shape).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    description: schema.description ?? ("unwrap" in schema ? schema.unwrap().description : undefined),
    schema: asWritten[name] ?? schemaOf(schema),
  }));
}
