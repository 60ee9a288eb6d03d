import "server-only";
import { openApiDocumentJson } from "./openapi-document";

/** A field of a parameter list or a schema, as the /docs outline lists it. */
export interface OutlineField {
  name: string;
  /** "query", "path", "header" for a parameter; "body" for a schema's property. */
  location: string;
  required: boolean;
  type: string;
  description?: string;
}

export interface OutlineOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  deprecated: boolean;
  stability?: string;
  /** The scopes its bearer key needs ([] when any valid key will do). */
  scopes: string[];
  parameters: OutlineField[];
  /** The request body's schema name and media types, when it takes one. */
  requestBody?: { type: string; mediaTypes: string[] };
  responses: { status: string; description: string; type?: string }[];
}

export interface OutlineSchema {
  name: string;
  type: string;
  description?: string;
  properties: OutlineField[];
}

export interface ApiOutline {
  title: string;
  version: string;
  description: string;
  /** The API's base address, as the document's first server names it. */
  server: string;
  tags: { name: string; description?: string; operations: OutlineOperation[] }[];
  schemas: OutlineSchema[];
}

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const METHODS = ["get", "post", "put", "patch", "delete"] as const;
const SCHEMA_REF = "#/components/schemas/";
const RESPONSE_REF = "#/components/responses/";

/**
 * The served OpenAPI document read as an outline: its operations by tag (parameters, body,
 * answers) and its schemas. `/docs` renders it on the server, so the reference reads at once
 * and without JavaScript while the interactive one loads (docs/decisions/149).
 */
let outline: ApiOutline | undefined;

export function apiOutline(): ApiOutline {
  outline ??= outlineOf(JSON.parse(openApiDocumentJson()));
  return outline;
}

export function outlineOf(document: Json): ApiOutline {
  const operations: { tag: string; operation: OutlineOperation }[] = [];
  for (const [path, item] of Object.entries<Json>(document.paths)) {
    for (const method of METHODS) {
      if (item[method])
        operations.push({ tag: item[method].tags[0], operation: operationOf(document, path, method, item[method]) });
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description,
    server: document.servers?.[0]?.url ?? "/",
    tags: document.tags.map((tag: Json) => ({
      name: tag.name,
      description: tag.description,
      operations: operations.filter((each) => each.tag === tag.name).map((each) => each.operation),
    })),
    schemas: Object.entries<Json>(document.components.schemas).map(([name, schema]) => ({
      name,
      type: typeOf(schema),
      description: schema.description,
      properties: Object.entries<Json>(schema.properties ?? {}).map(([property, value]) => ({
        name: property,
        location: "body",
        required: (schema.required ?? []).includes(property),
        type: typeOf(value),
        description: value.description ?? (value.$ref ? undefined : value.anyOf?.[0]?.description),
      })),
    })),
  };
}

function operationOf(document: Json, path: string, method: string, operation: Json): OutlineOperation {
  const content: Json = operation.requestBody?.content ?? {};
  const bodySchema = Object.values<Json>(content)[0]?.schema;
  return {
    operationId: operation.operationId,
    method: method.toUpperCase(),
    path,
    summary: operation.summary,
    description: operation.description,
    deprecated: Boolean(operation.deprecated),
    stability: operation["x-stability"],
    scopes: (operation.security ?? document.security ?? []).flatMap((requirement: Json) =>
      Object.values<string[]>(requirement).flat(),
    ),
    parameters: (operation.parameters ?? []).map((parameter: Json) => ({
      name: parameter.name,
      location: parameter.in,
      required: Boolean(parameter.required),
      type: typeOf(parameter.schema ?? {}),
      description: parameter.description ?? parameter.schema?.description,
    })),
    requestBody: bodySchema && { type: typeOf(bodySchema), mediaTypes: Object.keys(content) },
    responses: Object.entries<Json>(operation.responses).map(([status, response]) => {
      const resolved = response.$ref
        ? document.components.responses[response.$ref.slice(RESPONSE_REF.length)]
        : response;
      const schema = Object.values<Json>(resolved.content ?? {})[0]?.schema;
      return { status, description: resolved.description, type: schema && typeOf(schema) };
    }),
  };
}

/** A JSON Schema in a few words: `Pet`, `Pet[]`, `integer (1 to 100)`, `"placed" | "approved"`. */
export function typeOf(schema: Json): string {
  if (schema.$ref) return String(schema.$ref).replace(SCHEMA_REF, "");
  if (schema.enum) return schema.enum.map((value: unknown) => JSON.stringify(value)).join(" | ");
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf ?? schema.oneOf) return (schema.anyOf ?? schema.oneOf).map(typeOf).join(" | ");
  // OpenAPI 3.1 writes a nullable field's type as a list: ["string", "null"].
  if (Array.isArray(schema.type)) return schema.type.map((type: string) => typeOf({ ...schema, type })).join(" | ");
  if (schema.type === "array") return `${typeOf(schema.items ?? {})}[]`;
  if (schema.type === "integer" || schema.type === "number") {
    const { minimum } = schema;
    const maximum = schema.maximum === Number.MAX_SAFE_INTEGER ? "2^53-1" : schema.maximum;
    if (minimum !== undefined && maximum !== undefined) return `${schema.type} (${minimum} to ${maximum})`;
    if (minimum !== undefined) return `${schema.type} (at least ${minimum})`;
    return schema.type;
  }
  if (schema.type === "string" && schema.maxLength !== undefined) {
    return `string (${schema.minLength ?? 0} to ${schema.maxLength} characters)`;
  }
  return typeof schema.type === "string" ? schema.type : "any";
}
