/**
 * Bundles the webhook sending thread (lib/webhooks/send-worker.ts) into one ES module that
 * Node can start as a worker as it is: Next bundles no worker entry of ours, so `npm run
 * build` writes it beside the front server (scripts/build-front-server.mjs), and both servers
 * start it from there (lib/webhooks/worker-sender.ts). The dispatcher's unit tests bundle it
 * the same way into a folder of their own. As for the front server: `server-only` is an empty
 * module under `react-server`, and tsconfig.json's `@/` alias is honoured.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Writes the bundle to `outfile`. */
export async function bundleWebhookSender(outfile) {
  await build({
    entryPoints: [path.join(root, "lib/webhooks/send-worker.ts")],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["react-server"],
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
}
