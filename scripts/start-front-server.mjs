#!/usr/bin/env node
// `npm start`: runs the front server bundled by `npm run build` (scripts/build-front-server.mjs).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";
const bundle = path.resolve(process.env.NEXT_DIST_DIR || ".next", "front/server.mjs");
if (!fs.existsSync(bundle)) {
  console.error(`Pet Store cannot start: ${bundle} is missing; run \`npm run build\` first.`);
  process.exit(1);
}
await import(pathToFileURL(bundle).href);
