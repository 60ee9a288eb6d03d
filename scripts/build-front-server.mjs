#!/usr/bin/env node
/**
 * Bundles server.ts (the front server: /v1 handlers plus Next's custom-server entry) into
 * <distDir>/front/server.mjs after `next build`, from the same sources Next compiled.
 * `react-server` makes `server-only` an empty module, as it is in Next's server bundles;
 * tsconfig.json's `@/` alias is honoured by esbuild; `next` stays a runtime import; the
 * handlers' `Response` is PlainResponse, whose body the server writes without web streams.
 * Beside it, <distDir>/front/photo-worker.mjs: the child process both `npm start` and
 * `next start` process uploads in (lib/photos/photo-worker.ts, docs/decisions/178).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const distDir = process.env.NEXT_DIST_DIR || ".next";
const outfile = path.resolve(root, distDir, "front/server.mjs");

const front = path.resolve(root, distDir, "front");

await build({
  entryPoints: [path.join(root, "server.ts")],
  outfile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  conditions: ["react-server"],
  // Loaded from node_modules at run time, as Next does for them (next.config.js's
  // serverExternalPackages; `pg` is external there by default): the migration runner reads
  // SQL files and loads modules of its own at run time; sharp loads its native libvips build
  // for the platform (@img/*); pino and prom-client are process-wide
  // singletons shared with Next's bundles.
  external: ["next", "next/*", "pg", "node-pg-migrate", "pino", "prom-client", "sharp"],
  tsconfig: path.join(root, "tsconfig.json"),
  // The global Response becomes PlainResponse in this bundle only (lib/front/plain-response.ts).
  inject: [path.join(root, "lib/front/inject-plain-response.ts")],
  // Bundled CommonJS dependencies may call require(); ESM has none of its own.
  // A name of its own, so a bundled module that imports createRequire itself does not clash.
  banner: {
    js: 'import { createRequire as createRequireForBundle } from "node:module"; const require = createRequireForBundle(import.meta.url);',
  },
  logLevel: "warning",
});
console.log(`front server bundled into ${path.relative(root, outfile)}`);

// The photo worker: its own small bundle, sharp loaded from node_modules as above.
const workerFile = path.join(front, "photo-worker.mjs");
await build({
  entryPoints: [path.join(root, "lib/photos/photo-worker.ts")],
  outfile: workerFile,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  conditions: ["react-server"],
  external: ["sharp"],
  tsconfig: path.join(root, "tsconfig.json"),
  logLevel: "warning",
});
console.log(`photo worker bundled into ${path.relative(root, workerFile)}`);
