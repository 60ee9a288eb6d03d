import Module from "node:module";
import { defineConfig, globalIgnores } from "eslint/config";
import prettier from "eslint-config-prettier/flat";

// typescript-eslint needs TypeScript's JavaScript API, which TypeScript 7 does not ship yet;
// the linter alone gets TypeScript 6 (docs/decisions/052-lint-and-format.md).
const typescript6 = Module.createRequire(import.meta.url).resolve("typescript-6");
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return resolveFilename.call(this, request === "typescript" ? typescript6 : request, ...rest);
};
const { default: nextVitals } = await import("eslint-config-next/core-web-vitals");
const { default: nextTypescript } = await import("eslint-config-next/typescript");

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  prettier,
  {
    // One import style (docs/decisions/051-one-import-style.md): `@/` across folders, `./` for siblings.
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["../*"], message: "Import from another folder with the @/ alias, not ../." }] },
      ],
    },
  },
  {
    // The adopters' pages (pages/) load no client router (docs/decisions/107): next/link could
    // only prefetch or route on the client there, and from the staff console it would fetch a
    // page another router serves. Links between the two routers are plain <a> elements.
    rules: { "@next/next/no-html-link-for-pages": "off" },
  },
  {
    // HTTP tests read whatever JSON a server sends, and check its shape with assertions and
    // the OpenAPI validator, not with types: `any` is the honest type for those bodies.
    files: ["tests/**/*.ts", "e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  globalIgnores([".next/**", ".next-*/**", "test-results/**", "playwright-report/**", "artifacts/**", "next-env.d.ts"]),
]);
