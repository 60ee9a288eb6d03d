/**
 * The import rules of Pet Store (docs/decisions/238-layers-that-point-one-way.md), checked by
 * `npm run check:imports` (part of `npm test`) with dependency-cruiser.
 *
 * Every module of the app belongs to one band; a module may import its own band and the bands
 * below it, never one above. From the bottom:
 *
 *   base      errors, clock, config, logging and metrics: what everything may use
 *   domain    each resource's schemas, rules, events, errors and store ports (lib/<resource>/),
 *             the all-in-one port (lib/composition/pet-store.ts) and the engines' ideas a cache
 *             depends on (lib/store/*.ts): what a resource *is*, with no storage and no HTTP
 *   engines   the storage engines (lib/store/file, lib/store/postgres), each resource's own
 *             file and PostgreSQL adapters (lib/<resource>/file-*.ts, postgres-*.ts) and the
 *             all-in-one adapters the composition root opens (lib/composition/)
 *   services  what reaches a store: the composition root (lib/composition/index.ts, which opens
 *             the stores, and each resource's opener) and the use cases that run on it (SERVICES below)
 *   http      the HTTP layer: lib/api/, and the /auth handlers (lib/<resource>/*-api.ts)
 *   front     the front server, the Next app (app/, pages/, components/) and the browser's
 *             client (lib/api-client, lib/react-query)
 *   top       start-up, drain, readiness, the metrics server and the commands (scripts/)
 *
 * A band is one regular expression; a module named in a higher-precedence list (the explicit
 * lists, then the file-name roles) is taken out of its folder's band, so every module is in
 * exactly one. The imports that still run up are listed, each with its reason, in
 * .dependency-cruiser-known-violations.json (decision 238 says why each is there); any other
 * upward import, and any import circle, fails the check.
 */

import { BANDS, ENGINE_ENTRY_POINTS, FILE_ENGINE, ORDER } from "./scripts/import-rules/bands.mjs";

/** One rule a band: it imports nothing from the bands above it. */
const upwardRules = ORDER.slice(0, -1).map((name, index) => ({
  name: `${name}-imports-nothing-above`,
  comment: `A ${name} module imports only ${ORDER.slice(0, index + 1).join(", ")} (docs/decisions/238).`,
  severity: "error",
  from: { path: BANDS[name] },
  to: { path: ORDER.slice(index + 1).map((above) => BANDS[above]) },
}));

const config = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import circles, type-only imports included: one broke once (a schema registered twice).",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "engines-import-no-http",
      comment: "The storage engines know no HTTP, no front server and no start-up.",
      severity: "error",
      from: { path: "^lib/store/(?:file|postgres)/" },
      to: { path: [BANDS.http, BANDS.front, BANDS.top] },
    },
    {
      name: "file-engine-imports-no-resource",
      comment:
        "The file engine knows no resource: it imports itself and the base band only; resources plug in as parts (docs/decisions/245).",
      severity: "error",
      from: { path: FILE_ENGINE.map((path) => `^${path}`) },
      to: { path: "^(?:lib|app|pages|components)/", pathNot: [...FILE_ENGINE.map((path) => `^${path}`), BANDS.base] },
    },
    {
      name: "resources-use-engine-entry-points",
      comment:
        "A resource uses an engine through its entry points only; the composition root (lib/composition/) and the commands (scripts/) may open an engine.",
      severity: "error",
      from: {
        path: "^(?:lib|app|pages|components)/",
        pathNot: ["^lib/store/(?:file|postgres)/", "^lib/composition/"],
      },
      to: { path: "^lib/store/(?:file|postgres)/", pathNot: ENGINE_ENTRY_POINTS.map((path) => `^${path}`) },
    },
    {
      name: "every-module-in-a-band",
      comment: "A module outside every band would escape the layer rules: name its band here.",
      severity: "error",
      from: { pathNot: Object.values(BANDS) },
      to: {},
    },
    ...upwardRules,
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    // Tests (and the adapters' shared contract suites) may reach anywhere; the rules are for the app.
    exclude: { path: "(?:\\.test\\.tsx?$|\\.contract\\.ts$|^tests/|^e2e/|node_modules|^\\.next)" },
    // Type-only imports count: a circle of types is still a circle (and one broke once).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json", ".d.ts"],
    },
    moduleSystems: ["es6", "cjs"],
  },
};

export default config;
