import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeGracefully } from "./close-gracefully";

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

/** A server whose /slow answer takes 300 ms; port 0 lets the system pick a free one. */
async function startServer(): Promise<number> {
  server = http.createServer((request, response) => {
    const delay = request.url === "/slow" ? 300 : 0;
    setTimeout(() => response.end(request.url), delay);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function get(port: number, path: string, agent: http.Agent): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path, agent }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve(body));
      })
      .on("error", reject);
  });
}

describe("closing the server gracefully", () => {
  it("finishes an in-flight request, closes idle keep-alive connections at once, then refuses new ones", async () => {
    const port = await startServer();
    const idle = new http.Agent({ keepAlive: true });
    const busy = new http.Agent({ keepAlive: true });
    expect(await get(port, "/warm", idle)).toBe("/warm"); // leaves an idle keep-alive connection

    const inFlight = get(port, "/slow", busy);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await closeGracefully(server!);
    // Well under Node's 5 s keep-alive timeout: idle connections did not hold the close up.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await inFlight).toBe("/slow");
    await expect(get(port, "/late", new http.Agent())).rejects.toThrow(/ECONNREFUSED/);
    idle.destroy();
    busy.destroy();
  });
});
