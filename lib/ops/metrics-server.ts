import "server-only";
import { createServer, type Server } from "node:http";
import { getMetrics } from "./metrics";

/**
 * Serves GET /metrics (Prometheus text format) on its own port, apart from the app's, so
 * a scraper reaches it and the public does not: it binds loopback unless the operator
 * says otherwise (docs/decisions/102-metrics-on-their-own-port.md). Resolves once listening.
 */
export function serveMetrics(port: number, host: string): Promise<Server> {
  const { registry } = getMetrics();
  const server = createServer((request, response) => {
    if (request.method !== "GET" || (request.url ?? "").split("?")[0] !== "/metrics") {
      response.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found: GET /metrics\n");
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { "Content-Type": registry.contentType }).end(text),
      () => response.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" }).end("metrics unavailable\n"),
    );
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      // Never holds the process open on its own: a stop waits for the app's server only.
      server.unref();
      resolve(server);
    });
  });
}
