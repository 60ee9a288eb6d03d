/**
 * Issue 11's request-path features, on or off: key lookup (an issued key), rate limiting and
 * Idempotency-Key. "on" sends a key made with `npm run keys` (so every request looks it up
 * and is counted against a limit set too high to trip) and an Idempotency-Key on every POST;
 * "off" sends the PETSTORE_API_KEYS key, with rate limits off and no Idempotency-Key.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { KEY, root } from "./options.mjs";

/** The feature sets to measure, in order: off first, the reference for the ratio. */
export function featuresOf(options) {
  return options.features === "both" ? ["off", "on"] : [options.features];
}

/** The server's environment: on, counted against a limit too high to trip; off, not counted at all. */
export function featureServerEnv(features) {
  const on = features === "on";
  return { PETSTORE_RATE_LIMIT: on ? "1000000" : "0", PETSTORE_AUTH_FAILURE_LIMIT: on ? "20" : "0" };
}

/** The key the measured requests send: with the features on, one issued in the store the server opens. */
export function requestKey(features, dataDir, databaseUrl) {
  return features === "on" ? issueBenchKey(dataDir, databaseUrl) : KEY;
}

/** Extra headers for one POST: a fresh Idempotency-Key (a structured-field string) when on. */
export function postHeaders(features) {
  return features === "on" ? { "idempotency-key": `"${randomBytes(16).toString("hex")}"` } : {};
}

function issueBenchKey(dataDir, databaseUrl) {
  const cli = [path.join(root, "node_modules/tsx/dist/cli.mjs"), "--conditions=react-server", "scripts/keys.ts"];
  const args = ["create", "--name", "bench", "--scopes", "pets:read,pets:write,orders:read,orders:write"];
  const result = spawnSync(process.execPath, [...cli, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, PETSTORE_DATA_DIR: dataDir, PETSTORE_DATABASE_URL: databaseUrl ?? "" },
  });
  // The key is the last line printed; it is never logged.
  const key = result.stdout.trim().split("\n").at(-1);
  if (result.status !== 0 || !key?.startsWith("psk_")) throw new Error(`npm run keys failed: ${result.stderr}`);
  return key;
}
