import http from "node:http";
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { inject } from "vitest";

/**
 * The served OpenAPI document, loaded once per test file, and the lookups the
 * conformance check needs: which operation a request hit, what it documents for a
 * status, and a JSON Schema validator for any schema inside the document.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const DOC_ID = "https://petstore.test/openapi.json";
export const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const;

export interface DocumentedOperation {
  method: string;
  /** The template as written in the document, e.g. `/pets/{petId}`. */
  template: string;
  operation: JsonObject;
  /** JSON pointer of the operation inside the document. */
  pointer: string;
}

export interface DocumentedResponse {
  response: JsonObject;
  pointer: string;
}

export class OpenApiDocument {
  readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();
  /** Path prefix contributed by `servers[0].url` (e.g. `/v1`), "" when absent. */
  readonly prefix: string;

  constructor(readonly doc: JsonObject) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    // OpenAPI's numeric formats: annotations as far as JSON Schema is concerned, but
    // registered so that a typo'd format would still be reported by strict mode elsewhere.
    this.ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
    this.ajv.addFormat("int32", {
      type: "number",
      validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31,
    });
    this.ajv.addFormat("double", { type: "number", validate: () => true });
    this.ajv.addFormat("float", { type: "number", validate: () => true });
    this.ajv.addSchema({ ...doc, $id: DOC_ID });
    const servers = doc.servers as JsonObject[] | undefined;
    const serverUrl = typeof servers?.[0]?.url === "string" ? servers[0].url : "";
    this.prefix = serverUrl ? new URL(serverUrl, "http://placeholder").pathname.replace(/\/$/, "") : "";
  }

  /** Follows `$ref`s to objects inside this document (responses, headers, parameters). */
  resolve(value: Json, pointer: string): { value: JsonObject; pointer: string } {
    let current = value as JsonObject;
    let at = pointer;
    for (let hops = 0; current && typeof current.$ref === "string"; hops++) {
      if (hops > 20) throw new Error(`$ref loop at ${at}`);
      const ref = current.$ref;
      if (!ref.startsWith("#/")) throw new Error(`external $ref ${ref} at ${at} is not supported`);
      at = decodeURIComponent(ref.slice(1));
      current = this.at(at) as JsonObject;
      if (current === undefined) throw new Error(`dangling $ref ${ref}`);
    }
    return { value: current, pointer: at };
  }

  at(pointer: string): Json | undefined {
    let node: Json | undefined = this.doc;
    for (const raw of pointer.split("/").slice(1)) {
      const part = raw.replace(/~1/g, "/").replace(/~0/g, "~");
      if (node === null || typeof node !== "object") return undefined;
      node = (node as JsonObject)[part];
    }
    return node;
  }

  /** The documented operation for a request path (no query), or undefined when undocumented. */
  findOperation(method: string, requestPath: string): DocumentedOperation | undefined {
    const paths = (this.doc.paths ?? {}) as JsonObject;
    const requestSegments = requestPath.split("/");
    const candidates = Object.keys(paths)
      .filter((template) => matches((this.prefix + template).split("/"), requestSegments))
      // Prefer literal segments over templated ones (`/pets/mine` over `/pets/{id}`).
      .sort((a, b) => countParams(a) - countParams(b));
    for (const template of candidates) {
      const item = paths[template] as JsonObject;
      const operation = item[method.toLowerCase()];
      if (operation && typeof operation === "object") {
        return {
          method: method.toLowerCase(),
          template,
          operation: operation as JsonObject,
          pointer: `/paths/${escapePointer(template)}/${method.toLowerCase()}`,
        };
      }
    }
    return undefined;
  }

  /** Whether some path template (any method) matches the request path. */
  hasPath(requestPath: string): boolean {
    const paths = (this.doc.paths ?? {}) as JsonObject;
    return Object.keys(paths).some((template) => matches((this.prefix + template).split("/"), requestPath.split("/")));
  }

  findResponse(op: DocumentedOperation, status: number): DocumentedResponse | undefined {
    const responses = (op.operation.responses ?? {}) as JsonObject;
    const key =
      String(status) in responses
        ? String(status)
        : `${String(status)[0]}XX` in responses
          ? `${String(status)[0]}XX`
          : "default" in responses
            ? "default"
            : undefined;
    if (key === undefined) return undefined;
    const { value, pointer } = this.resolve(responses[key] as Json, `${op.pointer}/responses/${escapePointer(key)}`);
    return { response: value, pointer };
  }

  /** Validator for the schema found at a JSON pointer inside the document. */
  validatorAt(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      const encoded = pointer
        .split("/")
        .map((part) => encodeURIComponent(part))
        .join("/");
      validate = this.ajv.compile({ $ref: `${DOC_ID}#${encoded}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  schemaValidator(name: string): ValidateFunction {
    return this.validatorAt(`/components/schemas/${escapePointer(name)}`);
  }
}

function matches(templateSegments: string[], requestSegments: string[]): boolean {
  if (templateSegments.length !== requestSegments.length) return false;
  return templateSegments.every((segment, index) => {
    const actual = requestSegments[index] as string;
    return /^\{[^}]+\}$/.test(segment) ? actual.length > 0 : segment === actual;
  });
}

function countParams(template: string): number {
  return (template.match(/\{/g) ?? []).length;
}

export function escapePointer(part: string): string {
  return part.replace(/~/g, "~0").replace(/\//g, "~1");
}

let loaded: Promise<OpenApiDocument> | undefined;

/** The document served at /v1/openapi.json, fetched once per test file. */
export function loadOpenApi(): Promise<OpenApiDocument> {
  loaded ??= fetchDocument().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

async function fetchDocument(): Promise<OpenApiDocument> {
  const url = new URL("/v1/openapi.json", inject("baseUrl"));
  const text = await new Promise<string>((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          if (response.statusCode !== 200) {
            reject(new Error(`GET /v1/openapi.json answered ${response.statusCode}: ${body.slice(0, 300)}`));
          } else resolve(body);
        });
      })
      .on("error", reject);
  });
  let doc: JsonObject;
  try {
    doc = JSON.parse(text) as JsonObject;
  } catch {
    throw new Error(`GET /v1/openapi.json is not JSON: ${text.slice(0, 300)}`);
  }
  return new OpenApiDocument(doc);
}
