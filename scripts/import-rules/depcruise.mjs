import Module, { register } from "node:module";
import path from "node:path";

/*
 * Runs dependency-cruiser (the import rules of .dependency-cruiser.mjs, docs/decisions/238)
 * with the arguments given. It reads TypeScript through TypeScript's JavaScript API, which
 * TypeScript 7 does not ship: as for the linter (docs/decisions/052), `typescript` is the
 * `typescript-6` package for this process, both for `require` (its package.json, read for the
 * version) and for `import` (the compiler itself).
 */
const require = Module.createRequire(import.meta.url);
const typescript6 = require.resolve("typescript-6");
const typescript6Root = path.dirname(require.resolve("typescript-6/package.json"));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (request === "typescript") request = typescript6;
  else if (request.startsWith("typescript/")) request = path.join(typescript6Root, request.slice("typescript/".length));
  return resolveFilename.call(this, request, ...rest);
};
register("./typescript-6-hooks.mjs", import.meta.url);

await import(new URL("../../node_modules/dependency-cruiser/bin/dependency-cruise.mjs", import.meta.url).href);
