import "server-only";
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from "zod-openapi";
import type { DocumentedOperation } from "@/lib/api/operation";
import { EXPERIMENTAL } from "./operation-parts";

type PathItems = Record<string, Record<string, unknown>>;

/**
 * The OpenAPI paths of the operations, read off their declarations (lib/api/operation.ts) by
 * zod-openapi: operationId, summary, stability, the scope as the security requirement, and the
 * declared parameters, body and answers, whose zod schemas become JSON Schema (registered ones
 * as `#/components/schemas/<id>` references). docs/decisions/244.
 */
export function operationPaths(operations: readonly DocumentedOperation[]): PathItems {
  const paths: ZodOpenApiPathsObject = {};
  for (const operation of operations) {
    const item = (paths[operation.path] ??= {});
    item[operation.method.toLowerCase() as "get"] = operationObject(operation);
  }
  const generated = (createDocument({ openapi: "3.1.0", info: { title: "", version: "" }, paths }).paths ??
    {}) as PathItems;
  for (const item of Object.values(generated))
    for (const operation of Object.values(item)) withoutNoParameters(operation);
  return generated;
}

/** A declared query with no fields (an operation that refuses any) lists no parameters, rather than an empty list. */
function withoutNoParameters(operation: unknown): void {
  const parts = operation as { parameters?: unknown[] };
  if (parts.parameters?.length === 0) delete parts.parameters;
}

function operationObject(operation: DocumentedOperation): ZodOpenApiOperationObject {
  const { tag, description, ...parts } = operation.document;
  return {
    operationId: operation.operationId,
    tags: [tag],
    "x-stability": operation.stability,
    summary: operation.summary,
    description: operation.stability === "experimental" ? `${description} ${EXPERIMENTAL}` : description,
    ...(operation.deprecated ? { deprecated: true } : {}),
    // A scope is a role name for a non-OAuth scheme (OpenAPI 3.1); none: any valid key.
    security: [{ bearerAuth: operation.scope ? [operation.scope] : [] }],
    ...parts,
  };
}
