/**
 * Bundles the entry points our servers start as workers into one ES module each, which Node
 * can start as it is: Next bundles no worker entry of ours, so `npm run build` writes them
 * beside the front server (scripts/build-front-server.mjs), and both servers start them from
 * there. As for the front server: `server-only` is an empty module under `react-server`, and
 * tsconfig.json's `@/` alias is honoured. Unit tests bundle them the same way into folders of
 * their own.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));

/** Bundles `entry` (a path from the project's root) into `outfile`; `external` stay imports. */
async function bundleEntry(entry, outfile, external = []) {
  await build({
    entryPoints: [path.join(root, entry)],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    conditions: ["react-server"],
    external,
    tsconfig: path.join(root, "tsconfig.json"),
    logLevel: "warning",
  });
}

/** The webhook sending thread (lib/webhooks/worker-sender.ts starts it; decision 171). */
export const bundleWebhookSender = (outfile) => bundleEntry("lib/webhooks/send-worker.ts", outfile);

/**
 * The photo worker process (lib/photos/photo-worker.ts; decision 178). sharp loads its native
 * libvips build for the platform, so it stays in node_modules, as for the front server.
 */
export const bundlePhotoWorker = (outfile) => bundleEntry("lib/photos/photo-worker.ts", outfile, ["sharp"]);
