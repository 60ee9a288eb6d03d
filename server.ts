import next from "next";
import { config } from "@/lib/config";
import { closeGracefully } from "@/lib/front/close-gracefully";
import { createFrontServer } from "@/lib/front/front-server";
import { parseListenOptions } from "@/lib/front/listen-options";
import { isV1Target } from "@/lib/front/serve-v1";
import { servePhotoTarget } from "@/lib/front/serve-photo-target";
import { isPhotoTarget } from "@/lib/photos/serve-photo";
import { v1Listener } from "@/lib/front/v1-listener";
import { claimShutdown } from "@/lib/shutdown-owner";
import { beginDrain, DRAIN_TIMEOUT_MS, exitAfterFailure, finishDrain } from "@/lib/ops/drain";
import { getLogger } from "@/lib/ops/logger";
import { recordListeningAddress } from "@/lib/origin/site-origin";
import { logPageRequest } from "@/lib/ops/log-page-request";
import { stampClientAddress } from "@/lib/rate-limit/stamp-client-address";

/**
 * `npm start`: one process, one port. /v1 goes straight to the handlers app/v1 exports
 * (bundled from the same sources by scripts/build-front-server.mjs); everything else goes
 * to Next through its documented custom-server API. Why: docs/decisions/060-front-server-for-v1.md.
 */
const { port, hostname } = parseListenOptions(process.argv.slice(2), process.env);
// What start-up's printed links (the generated key, the set-up link) name.
process.env.PORT = String(port);
// The public origin's fallback when PETSTORE_PUBLIC_URL is unset (docs/decisions/201).
recordListeningAddress(port, hostname);

// Before app.prepare(): it runs instrumentation.ts, whose start-up would otherwise own the signals.
claimShutdown();
const app = next({ dev: false, dir: process.cwd(), hostname, port });
const handleNext = app.getRequestHandler();
await app.prepare();

// Node's request seen as a Request, the answer written in one call (lib/front/v1-listener.ts).
const handleV1 = v1Listener(hostname ?? "localhost");

// Node's server with deliberate slow-client limits and the API's answers to malformed requests.
const server = createFrontServer(config, (request, response) => {
  if (isV1Target(request.url ?? "")) handleV1(request, response);
  else if (isPhotoTarget(request.url ?? "")) servePhotoTarget(request, response);
  else {
    // /v1 answers are logged by apiRoute (it knows the key); pages here, once written.
    logPageRequest(request, response);
    stampClientAddress(request);
    void handleNext(request, response);
  }
});

server.listen(port, hostname, () => {
  getLogger().info(
    { event: "start", port },
    `Pet Store: listening on http://${hostname ?? "localhost"}:${port} (/v1 served directly, the rest by Next)`,
  );
});

// Readiness 503 at once, no new connections, requests under way finish (within
// DRAIN_TIMEOUT_MS), then the store closes and the process exits 0.
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    beginDrain(signal);
    void closeGracefully(server, DRAIN_TIMEOUT_MS)
      .then(finishDrain)
      .then(() => process.exit(0), exitAfterFailure);
  });
}
