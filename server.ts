import { createServer, type ServerResponse } from "node:http";
import { getRequestListener } from "@hono/node-server";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import next from "next";
import { closeGracefully } from "@/lib/front/close-gracefully";
import { parseListenOptions } from "@/lib/front/listen-options";
import { requestErrorResponse } from "@/lib/front/request-error-response";
import { isV1Target, serveV1 } from "@/lib/front/serve-v1";
import { writeResponse } from "@/lib/front/write-response";
import { claimShutdown } from "@/lib/shutdown-owner";
import { beginDrain, DRAIN_TIMEOUT_MS, exitAfterFailure, finishDrain } from "@/lib/ops/drain";
import { getLogger } from "@/lib/ops/logger";
import { logPageRequest } from "@/lib/ops/log-page-request";

/**
 * `npm start`: one process, one port. /v1 goes straight to the handlers app/v1 exports
 * (bundled from the same sources by scripts/build-front-server.mjs); everything else goes
 * to Next through its documented custom-server API. Why: docs/decisions/060-front-server-for-v1.md.
 */
const { port, hostname } = parseListenOptions(process.argv.slice(2), process.env);

// Before app.prepare(): it runs instrumentation.ts, whose start-up would otherwise own the signals.
claimShutdown();
const app = next({ dev: false, dir: process.cwd(), hostname, port });
const handleNext = app.getRequestHandler();
await app.prepare();

// The adapter builds the Request (lazily: a GET never makes a body stream); the answer is
// written by writeResponse in one call, and the adapter is told it has been sent. The
// adapter reads that signal from the headers of its RESPONSE_ALREADY_SENT; inside this
// bundle Response is PlainResponse (lib/front/plain-response.ts), whose headers the adapter
// would copy into the platform's Headers on every request, so it gets the same signal with
// the platform's Headers, copied once here.
const alreadySent = {
  status: RESPONSE_ALREADY_SENT.status,
  body: null,
  headers: new globalThis.Headers([...RESPONSE_ALREADY_SENT.headers]),
} as unknown as Response;
const handleV1 = getRequestListener(
  async (request, { outgoing }) => {
    await writeResponse(await serveV1(request), outgoing as ServerResponse);
    return alreadySent;
  },
  {
    // Next shares this process: its Request and Response globals stay the platform's own.
    overrideGlobalObjects: false,
    hostname: hostname ?? "localhost",
    errorHandler: requestErrorResponse,
  },
);

const server = createServer((request, response) => {
  if (isV1Target(request.url ?? "")) void handleV1(request, response);
  else {
    // /v1 answers are logged by apiRoute (it knows the key); pages here, once written.
    logPageRequest(request, response);
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
