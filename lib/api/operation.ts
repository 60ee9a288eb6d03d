import "server-only";
import type { ZodOpenApiOperationObject } from "zod-openapi";
import type { Scope } from "@/lib/keys/scopes";
import { apiRoute, type CallerHandler, type RouteHandler } from "./api-route";

/** The methods an operation may be declared with; HEAD follows GET and OPTIONS is answered for every path. */
export type OperationMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The README's versioning policy: what each level may change and how it is announced. */
export type Stability = "stable" | "beta" | "experimental";

/** The parameter names of a path template: `/pets/{petId}/photos/{photoId}` → "petId" | "photoId". */
type ParamNames<Path extends string> = string extends Path
  ? string
  : Path extends `${string}{${infer Name}}${infer Rest}`
    ? Name | ParamNames<Rest>
    : never;

/** What a handler gets as its second argument: the path's parameters, decoded, as Next 16 hands them over. */
export type PathContext<Path extends string> = { params: Promise<Record<ParamNames<Path>, string>> };

/**
 * What the OpenAPI document says of an operation beyond the rest of its declaration: its tag,
 * description, and zod-openapi's parameters (`requestParams`, zod objects), body and answers,
 * naming the zod schemas the handler validates and answers with (docs/decisions/244).
 */
export interface OperationDocument extends Omit<
  ZodOpenApiOperationObject,
  "operationId" | "summary" | "tags" | "description" | "security" | "deprecated"
> {
  tag: string;
  /** Without the stability's notice: an experimental operation's is added (lib/api/openapi/operation-paths.ts). */
  description: string;
}

/** One /v1 operation, everything said about it in one place (docs/decisions/243). */
export interface OperationDeclaration<Path extends string = string> {
  /** The OpenAPI document's operationId, and the name clients know it by. */
  operationId: string;
  method: OperationMethod;
  /** The path under /v1, as an OpenAPI template: `/pets/{petId}`. */
  path: Path;
  /**
   * "bearer" (the default): a valid key is checked first, 401 otherwise. "public": served
   * without one, a visible choice in the declaration.
   */
  auth?: "bearer" | "public";
  /** The scope a key needs (403 insufficient_scope without it); absent: any valid key. */
  scope?: Scope;
  /** Honours `Idempotency-Key` (lib/api/idempotent-request.ts); the handler writes through its RecordedWrite. */
  idempotent?: boolean;
  /** Headers on every answer, errors included (getPet's deprecation notice). */
  headers?: Readonly<Record<string, string>>;
  stability: Stability;
  /** One line, as the OpenAPI document and the /docs reference show it. */
  summary: string;
  deprecated?: boolean;
  /** Its OpenAPI entry's parts (lib/api/openapi/operation-paths.ts reads them); GET /v1/openapi.json has none. */
  document?: OperationDocument;
}

/** An operation the OpenAPI document lists: every one in lib/api/v1-operations.ts. */
export type DocumentedOperation = Operation & { readonly document: OperationDocument };

/** A declared operation with the handler that serves it, wrapped as its declaration says. */
export interface Operation<Path extends string = string> extends Readonly<OperationDeclaration<Path>> {
  /** The log's and the metrics' route pattern: `/v1/pets/{petId}`. */
  readonly route: string;
  readonly handler: RouteHandler<PathContext<Path>>;
}

/**
 * Declares a /v1 operation: method, path, auth and scope, stability, summary, and the handler
 * that serves it. The route table both servers dispatch through, the methods each path
 * allows (405, `Allow`, OPTIONS), the access log's route patterns and the OpenAPI document
 * all follow from the declarations (lib/api/v1-operations.ts lists them).
 */
export function defineOperation<const Path extends string>(
  declaration: OperationDeclaration<Path> & { document: OperationDocument },
  handle: CallerHandler<PathContext<Path>>,
): Operation<Path> & { readonly document: OperationDocument };
export function defineOperation<const Path extends string>(
  declaration: OperationDeclaration<Path>,
  handle: CallerHandler<PathContext<Path>>,
): Operation<Path>;
export function defineOperation<const Path extends string>(
  declaration: OperationDeclaration<Path>,
  handle: CallerHandler<PathContext<Path>>,
): Operation<Path> {
  const route = `/v1${declaration.path}`;
  const handler = apiRoute<PathContext<Path>>(
    {
      auth: declaration.auth ?? "bearer",
      scope: declaration.scope,
      idempotent: declaration.idempotent,
      headers: declaration.headers,
      route,
    },
    handle,
  );
  return Object.freeze({ ...declaration, route, handler });
}
