import "server-only";
import type { ResourceDeclaration } from "@/lib/resources/define-resource";
import type { DocumentedOperation } from "./operation";

/**
 * A declared resource's operations (docs/decisions/282), each declared beside its handler
 * (./operation.ts): what the resource's declaration cannot hold, since the handlers sit in the
 * HTTP layer above it. Listed once, in ./v1-operations.ts.
 */
export interface ResourceApi {
  readonly resource: ResourceDeclaration;
  readonly operations: readonly DocumentedOperation[];
}

export function defineResourceApi(
  resource: ResourceDeclaration,
  operations: readonly DocumentedOperation[],
): ResourceApi {
  return Object.freeze({ resource, operations: Object.freeze([...operations]) });
}
