#!/usr/bin/env node
/**
 * Bundles server.ts (the front server: /v1 handlers plus Next's custom-server entry) into
 * <distDir>/front/server.mjs after `next build`, from the same sources Next compiled, and the
 * workers beside it (./bundle-worker-entries.mjs).
 * `react-server` makes `server-only` an empty module, as it is in Next's server bundles;
 * tsconfig.json's `@/` alias is honoured by esbuild; `next` stays a runtime import; the
 * handlers' `Response` is PlainResponse, whose body the server writes without web streams.
 * Beside it, <distDir>/front/photo-worker.mjs: the child process both `npm start` and
 * `next start` process uploads in (lib/photos/photo-worker.ts, docs/decisions/178).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { bundlePhotoWorker, bundleWebhookSender } from "./bundle-worker-entries.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const distDir = process.env.NEXT_DIST_DIR || ".next";
const front = path.resolve(root, distDir, "front");
const outfile = path.join(front, "server.mjs");

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

// The workers both servers start from here: the webhook sending thread
// (lib/webhooks/worker-sender.ts) and the photo process (lib/photos/photo-worker-client.ts).
for (const [file, bundle, what] of [
  ["webhook-sender.mjs", bundleWebhookSender, "webhook sending thread"],
  ["photo-worker.mjs", bundlePhotoWorker, "photo worker"],
]) {
  await bundle(path.join(front, file));
  console.log(`${what} bundled into ${path.relative(root, path.join(front, file))}`);
}
