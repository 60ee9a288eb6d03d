import "server-only";
import { openApiDocumentJson } from "./openapi-document";

/**
 * What /docs shows before the interactive reference has loaded (and, without JavaScript,
 * instead of it): every operation with its method, path, summary, stability, scope and
 * parameters, and every schema with its properties, read from the served OpenAPI document so
 * it can never disagree with the contract.
 */
export interface ApiOutline {
  tags: OutlineTag[];
  schemas: OutlineSchema[];
}

export interface OutlineTag {
  name: string;
  description: string;
  operations: OutlineOperation[];
}

export interface OutlineOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  stability?: string;
  deprecated: boolean;
  scopes: string[];
  parameters: OutlineParameter[];
}

export interface OutlineParameter {
  name: string;
  in: string;
  required: boolean;
}

export interface OutlineSchema {
  name: string;
  properties: string[];
}

const METHODS = ["get", "post", "put", "patch", "delete"] as const;

type Json = Record<string, unknown>;

let outline: ApiOutline | undefined;

export function apiOutline(): ApiOutline {
  outline ??= outlineOf(JSON.parse(openApiDocumentJson()) as Json);
  return outline;
}

export function outlineOf(document: Json): ApiOutline {
  const resolve = (node: Json): Json => (typeof node.$ref === "string" ? resolve(pointer(document, node.$ref)) : node);
  const tags = ((document.tags ?? []) as Json[]).map((tag): OutlineTag => ({
    name: String(tag.name),
    description: String(tag.description ?? ""),
    operations: [],
  }));
  const byName = new Map(tags.map((tag) => [tag.name, tag]));
  for (const [path, item] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    const shared = ((item.parameters ?? []) as Json[]).map(resolve);
    for (const method of METHODS) {
      const operation = item[method] as Json | undefined;
      if (!operation) continue;
      const tagName = ((operation.tags ?? []) as string[])[0] ?? "other";
      if (!byName.has(tagName))
        byName.set(tagName, tags[tags.push({ name: tagName, description: "", operations: [] }) - 1]!);
      byName.get(tagName)!.operations.push({
        id: String(operation.operationId ?? `${method} ${path}`),
        method: method.toUpperCase(),
        path,
        summary: String(operation.summary ?? ""),
        stability: operation["x-stability"] as string | undefined,
        deprecated: operation.deprecated === true,
        scopes: ((operation.security ?? []) as Json[]).flatMap(
          (requirement) => Object.values(requirement).flat() as string[],
        ),
        parameters: [...shared, ...((operation.parameters ?? []) as Json[]).map(resolve)].map((parameter) => ({
          name: String(parameter.name),
          in: String(parameter.in),
          required: parameter.required === true,
        })),
      });
    }
  }
  const schemas = Object.entries(
    ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>,
  ).map(([name, schema]): OutlineSchema => ({ name, properties: Object.keys((schema.properties ?? {}) as Json) }));
  return { tags: tags.filter((tag) => tag.operations.length > 0), schemas };
}

/** Follows a local JSON pointer such as `#/components/parameters/Limit`. */
function pointer(document: Json, ref: string): Json {
  return ref
    .replace(/^#\//, "")
    .split("/")
    .map((part) => part.replace(/~1/g, "/").replace(/~0/g, "~"))
    .reduce<Json>((node, part) => (node[part] ?? {}) as Json, document);
}
