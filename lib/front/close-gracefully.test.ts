import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closeGracefully, isClosing, trackConnections } from "./close-gracefully";

let server: http.Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
});

// Node's Agent keeps a connection for the server's Keep-Alive hint less 1 s: 2 s keeps it 1 s.
const KEEP_ALIVE_MS = 2_000;

/**
 * A server whose /slow answer takes 300 ms, with a short keep-alive timeout, whose listener
 * closes each connection once a stop began (as lib/front/front-server.ts does).
 */
async function startServer(): Promise<number> {
  const started = http.createServer({ keepAliveTimeout: KEEP_ALIVE_MS }, (request, response) => {
    if (isClosing(started)) response.shouldKeepAlive = false;
    const delay = request.url === "/slow" ? 300 : 0;
    setTimeout(() => response.end(request.url), delay);
  });
  trackConnections(started);
  server = started;
  await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", resolve));
  return (started.address() as AddressInfo).port;
}

interface Answer {
  body: string;
  connection: string | undefined;
  reused: boolean;
}

function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http
      .get({ host: "127.0.0.1", port, path, agent }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () =>
          resolve({ body, connection: response.headers.connection, reused: request.reusedSocket }),
        );
      })
      .on("error", reject);
  });
}

describe("closing the server gracefully (issue 20, finding 14)", () => {
  it("finishes an in-flight request with Connection: close, then refuses new connections", async () => {
    const port = await startServer();
    const busy = new http.Agent({ keepAlive: true });
    const inFlight = get(port, "/slow", busy);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed = closeGracefully(server!);
    expect(await inFlight).toMatchObject({ body: "/slow", connection: "close" });
    await closed;
    await expect(get(port, "/late", new http.Agent())).rejects.toThrow(/ECONNREFUSED/);
    busy.destroy();
  });

  it("answers a request sent on an idle keep-alive connection after the stop began, instead of closing it under the client", async () => {
    const port = await startServer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    expect((await get(port, "/warm", agent)).body).toBe("/warm"); // leaves an idle keep-alive connection
    const closed = closeGracefully(server!);
    // The stop began while the connection was idle; the client, not knowing, sends on it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await get(port, "/next", agent)).toEqual({ body: "/next", connection: "close", reused: true });
    await closed;
    agent.destroy();
  });

  it("closes a connection that stays idle once its keep-alive timeout ran out", async () => {
    const port = await startServer();
    const agent = new http.Agent({ keepAlive: true });
    await get(port, "/warm", agent);
    await closeGracefully(server!);
    // Resolved: the idle connection was closed (by its keep-alive timeout), so the server could close.
    expect(server!.listening).toBe(false);
    agent.destroy();
  });

  it("cuts whatever is left after the grace period", async () => {
    server = http.createServer(() => {}); // never answers
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const cut = new Promise<string>((resolve) => {
      http.get({ host: "127.0.0.1", port, path: "/hang", agent: false }).on("error", (error) => resolve(error.message));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await closeGracefully(server, 200);
    expect(await cut).toMatch(/socket hang up/);
  });
});
