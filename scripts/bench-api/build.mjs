/** Builds the app and the front server into DIST_DIR, a throwaway copy beside `.next`. */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DIST_DIR, log, root } from "./options.mjs";

export async function buildApp(options) {
  const buildId = path.join(root, DIST_DIR, "BUILD_ID");
  const bundle = path.join(root, DIST_DIR, "front/server.mjs");
  if (!options.build) {
    if (!fs.existsSync(buildId) || !fs.existsSync(bundle)) {
      throw new Error(`--no-build given but ${DIST_DIR} has no BUILD_ID or front/server.mjs; run without --no-build`);
    }
    log(`reusing ${DIST_DIR}`);
    return;
  }
  log(`building into ${DIST_DIR}`);
  const tsconfig = fs.readFileSync(path.join(root, "tsconfig.json"), "utf8");
  const code = await runNode([path.join(root, "node_modules/next/dist/bin/next"), "build"]);
  restoreTsconfig(tsconfig);
  if (code !== 0) throw new Error(`next build exited with ${code}`);
  if ((await runNode([path.join(root, "scripts/build-front-server.mjs")])) !== 0)
    throw new Error("bundling the front server failed");
}

function runNode(args) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
    // Build chatter goes to stderr so stdout carries only the result table.
    stdio: ["ignore", process.stderr, process.stderr],
  });
  return new Promise((resolve) => child.on("exit", resolve));
}

/**
 * `next build` adds `<distDir>/types/**` entries to tsconfig.json's include for a custom
 * distDir, and rewrites the file in its own layout. This throwaway build should leave no
 * trace in a file the team edits (nor fail format:check), so the file is put back byte for
 * byte.
 */
function restoreTsconfig(original) {
  const file = path.join(root, "tsconfig.json");
  try {
    if (fs.readFileSync(file, "utf8") !== original) fs.writeFileSync(file, original);
  } catch (error) {
    log(`could not restore tsconfig.json: ${error.message}`);
  }
}
