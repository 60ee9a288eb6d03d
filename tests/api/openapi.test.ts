import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { ERROR_CODES } from "@/tests/api/support/conformance";
import { loadOpenApi, type OpenApiDocument } from "@/tests/api/support/openapi";
import { uniqueName } from "@/tests/api/support/pets";
import { expectedOpenApiDocument } from "@/lib/api/openapi/expected-document";

const root = fileURLToPath(new URL("../..", import.meta.url));
let served: OpenApiDocument;
let doc: any;

beforeAll(async () => {
  served = await loadOpenApi();
  doc = served.doc;
});

function operation(id: string): { path: string; method: string; op: any } {
  for (const [p, item] of Object.entries<any>(doc.paths ?? {})) {
    for (const [method, op] of Object.entries<any>(item)) {
      if (op && typeof op === "object" && op.operationId === id) return { path: served.prefix + p, method, op };
    }
  }
  throw new Error(`operation ${id} not in the document`);
}

describe("GET /v1/openapi.json", () => {
  it("is an OpenAPI 3.1 document", async () => {
    const response = await api("/v1/openapi.json", { key: null });
    expect(response.status).toBe(200);
    expect(response.json.openapi).toMatch(/^3\.1\.\d+$/);
    expect(response.json.info?.version).toBe("1.0.0");
  });

  it("is the baseline document with the intended changes and no others (lib/api/openapi/expected-document.ts)", async () => {
    const response = await api("/v1/openapi.json", { key: null });
    expect(response.json).toEqual(expectedOpenApiDocument());
  });

  it.each([
    ["listPets", "get", "/v1/pets"],
    ["createPet", "post", "/v1/pets"],
    ["getPet", "get", "/v1/pets/{petId}"],
  ])("documents %s as %s %s", (id, method, fullPath) => {
    const found = operation(id);
    expect([found.method, found.path]).toEqual([method, fullPath]);
  });

  it("marks getPet, and only getPet, deprecated", () => {
    expect(operation("getPet").op.deprecated).toBe(true);
    expect(operation("listPets").op.deprecated ?? false).toBe(false);
    expect(operation("createPet").op.deprecated ?? false).toBe(false);
  });

  it("declares bearerAuth (HTTP bearer) and requires it on every operation", () => {
    const scheme = doc.components?.securitySchemes?.bearerAuth;
    expect(scheme?.type).toBe("http");
    expect(String(scheme?.scheme).toLowerCase()).toBe("bearer");
    const scopes: Record<string, string[]> = {
      listPets: ["pets:read"],
      createPet: ["pets:write"],
      getPet: ["pets:read"],
      getMe: [],
    };
    for (const [id, needed] of Object.entries(scopes)) {
      const security = operation(id).op.security ?? doc.security;
      expect(security, id).toEqual([{ bearerAuth: needed }]);
    }
    const every = ["pets:read", "pets:write", "orders:read", "orders:write", "categories:write", "events:read"];
    const wave3 = ["orders:place", "keys:read", "keys:write", "people:read", "people:write", "audit:read"];
    const record = ["medical:read", "medical:write"];
    for (const scope of [...every, "webhooks:read", "webhooks:write", ...wave3, ...record]) {
      expect(scheme?.description).toContain(`\`${scope}\``);
    }
  });

  it("has the schemas Pet, NewPet, PetStatus, Error and ErrorCode", () => {
    const schemas = doc.components?.schemas ?? {};
    for (const name of ["Pet", "NewPet", "PetStatus", "Error", "ErrorCode"]) expect(schemas, name).toHaveProperty(name);
    expect([...schemas.PetStatus.enum].sort()).toEqual(["available", "pending", "sold"]);
  });

  it("lists exactly the closed set of error codes, each described with the status it is answered with", () => {
    expect([...doc.components.schemas.ErrorCode.enum].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    const described = [...(doc.components.schemas.ErrorCode.description as string).matchAll(/^- `(\w+)` \((\d{3})/gm)];
    expect(Object.fromEntries(described.map(([, code, status]) => [code, Number(status)]))).toEqual(ERROR_CODES);
  });

  it("documents 403 and 429 on the pet operations, 409 and 422 and the Idempotency-Key header on create", () => {
    for (const id of ["listPets", "createPet", "getPet"])
      expect(Object.keys(operation(id).op.responses), id).toEqual(expect.arrayContaining(["403", "429"]));
    expect(Object.keys(operation("createPet").op.responses)).toEqual(expect.arrayContaining(["409", "422"]));
    expect(operation("createPet").op.parameters.map((p: { name: string }) => p.name)).toContain("Idempotency-Key");
  });

  it("documents 401 on every operation, 400 on create, 404 on get", () => {
    for (const id of ["listPets", "createPet", "getPet"])
      expect(Object.keys(operation(id).op.responses), id).toContain("401");
    expect(Object.keys(operation("listPets").op.responses)).toEqual(expect.arrayContaining(["200", "400"]));
    expect(Object.keys(operation("createPet").op.responses)).toEqual(
      expect.arrayContaining(["201", "400", "413", "415"]),
    );
    expect(Object.keys(operation("getPet").op.responses)).toEqual(expect.arrayContaining(["200", "400", "404"]));
  });

  it("documents limit (1..100, default 20), status and cursor on listPets, the filters of issue 24 and listed (issue 40)", () => {
    const parameters = (operation("listPets").op.parameters ?? []).map((p: any) => served.resolve(p, "").value);
    const byName = Object.fromEntries(parameters.map((p: any) => [p.name, p]));
    expect(Object.keys(byName).sort()).toEqual([
      "ageGroup",
      "categoryId",
      "cursor",
      "goodWith",
      "id",
      "limit",
      "listed",
      "q",
      "sex",
      "size",
      "status",
    ]);
    expect(byName.limit.in).toBe("query");
    expect(byName.limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 20 });
  });

  it("documents the headers it promises", () => {
    const responseHeaders = (id: string, status: string) =>
      Object.keys(served.resolve(operation(id).op.responses[status], "").value.headers ?? {}).map((h) =>
        h.toLowerCase(),
      );
    expect(responseHeaders("listPets", "200")).toContain("link");
    expect(responseHeaders("createPet", "201")).toContain("location");
    for (const status of ["200", "400", "401", "404"]) {
      expect(responseHeaders("getPet", status), `getPet ${status}`).toEqual(
        expect.arrayContaining(["deprecation", "sunset", "link"]),
      );
    }
    for (const id of ["listPets", "createPet", "getPet"])
      expect(responseHeaders(id, "401"), id).toContain("www-authenticate");
  });
});

describe("the document's NewPet schema agrees with the server", () => {
  // Only rules JSON Schema can express; trimming and control characters are server-side.
  const bodies: [string, unknown][] = [
    ["a minimal pet", { name: "Agree", categoryId: 1 }],
    ["a pet with status", { name: "Agree", categoryId: 2, status: "sold" }],
    ["no name", { categoryId: 1 }],
    ["no categoryId", { name: "Agree" }],
    ["a numeric name", { name: 1, categoryId: 1 }],
    ["a 101-character name", { name: "n".repeat(101), categoryId: 1 }],
    ["100 emoji", { name: "🐱".repeat(100), categoryId: 1 }],
    ["categoryId 0", { name: "Agree", categoryId: 0 }],
    ["categoryId 2^53", { name: "Agree", categoryId: 2 ** 53 }],
    ["categoryId 1.5", { name: "Agree", categoryId: 1.5 }],
    ["categoryId as a string", { name: "Agree", categoryId: "1" }],
    ["an unknown status", { name: "Agree", categoryId: 1, status: "adopted" }],
    ["an unknown field", { name: "Agree", categoryId: 1, color: "red" }],
    ["an id", { id: 3, name: "Agree", categoryId: 1 }],
    ["an array", [{ name: "Agree", categoryId: 1 }]],
  ];
  it.each(bodies)("%s", async (_label, body) => {
    const validate = served.schemaValidator("NewPet");
    const documentedValid = validate(body);
    const response = await api("/v1/pets", { json: body });
    expect(response.status, `document says ${documentedValid ? "valid" : "invalid"}; server: ${response.text}`).toBe(
      documentedValid ? 201 : 400,
    );
  });

  it("every pet the server returns is valid against Pet", async () => {
    const name = uniqueName();
    const created = await api("/v1/pets", { json: { name, categoryId: 1 } });
    expect(served.schemaValidator("Pet")(created.json)).toBe(true);
  });
});

describe("redocly lint", () => {
  it("passes on the served document without errors", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-openapi-"));
    const file = path.join(dir, "openapi.json");
    fs.writeFileSync(file, JSON.stringify(doc, null, 2));
    try {
      const { code, stdout, stderr } = await new Promise<{ code: number; stdout: string; stderr: string }>(
        (resolve) => {
          execFile(
            path.join(root, "node_modules/.bin/redocly"),
            ["lint", file, "--format=json", "--config", path.join(root, "redocly.yaml")],
            {
              cwd: root,
              timeout: 60_000,
              env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
            },
            (error, stdout, stderr) =>
              resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
          );
        },
      );
      const report = JSON.parse(stdout.slice(stdout.indexOf("{"))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
      };
      const describe = (severity: string) =>
        report.problems
          .filter((p) => p.severity === severity)
          .map((p) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(", ")}`);
      const warnings = describe("warn");
      if (warnings.length > 0) console.warn(`redocly lint warnings:\n  ${warnings.join("\n  ")}`);
      expect(describe("error"), stderr).toEqual([]);
      expect(code, stderr).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
