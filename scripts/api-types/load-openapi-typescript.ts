import Module from "node:module";

type OpenApiTypescript = typeof import("openapi-typescript");

const require = Module.createRequire(import.meta.url);
const typescript6 = require.resolve("typescript-6");

// Node's resolver, which CommonJS `require` goes through; not in @types/node.
const moduleInternals = Module as unknown as {
  _resolveFilename: (request: string, ...rest: unknown[]) => string;
};

/**
 * openapi-typescript builds its output with TypeScript's JavaScript API, which TypeScript 7
 * does not ship: while its CommonJS build loads, `require("typescript")` gets the
 * `typescript-6` package instead (as the linter does, docs/decisions/052). The redirect is
 * undone at once, so nothing else in the process sees it.
 */
export function loadOpenApiTypescript(): OpenApiTypescript {
  const resolveFilename = moduleInternals._resolveFilename;
  moduleInternals._resolveFilename = function (request, ...rest) {
    return resolveFilename.call(this, request === "typescript" ? typescript6 : request, ...rest);
  };
  try {
    return require("openapi-typescript") as OpenApiTypescript;
  } finally {
    moduleInternals._resolveFilename = resolveFilename;
  }
}
