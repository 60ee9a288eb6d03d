import net from "node:net";

/**
 * A TCP proxy between a server and PostgreSQL that can play the network's faults:
 * `stall()` holds every byte in both directions and keeps connections open (a partition:
 * nothing answers, nothing is refused); `refuse()` closes every connection and stops
 * listening (a database that is down); `heal()` forwards again, held bytes first.
 */
export interface StallingProxy {
  port: number;
  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string;
  stall(): void;
  refuse(): Promise<void>;
  heal(): Promise<void>;
  close(): Promise<void>;
}

type Mode = "forward" | "stall" | "refuse";

export async function startStallingProxy(target: { host: string; port: number }): Promise<StallingProxy> {
  let mode: Mode = "forward";
  const pairs = new Set<Pair>();
  const server = net.createServer((client) => pairs.add(connectPair(client, target, () => mode, pairs)));
  await listen(server, 0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    stall() {
      mode = "stall";
    },
    async refuse() {
      mode = "refuse";
      for (const pair of pairs) pair.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async heal() {
      if (mode === "refuse") await listen(server, port);
      mode = "forward";
      for (const pair of pairs) pair.flush();
    },
    async close() {
      for (const pair of pairs) pair.destroy();
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Pair {
  flush(): void;
  destroy(): void;
}

/** One client connection and its upstream; while stalled, bytes wait in `held`. */
function connectPair(client: net.Socket, target: { host: string; port: number }, mode: () => Mode, pairs: Set<Pair>) {
  const upstream = net.connect(target.port, target.host);
  const held: [net.Socket, Buffer][] = [];
  const forward = (to: net.Socket) => (chunk: Buffer) => {
    if (mode() === "forward") to.write(chunk);
    else held.push([to, chunk]);
  };
  client.on("data", forward(upstream));
  upstream.on("data", forward(client));
  const pair: Pair = {
    flush() {
      for (const [to, chunk] of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    destroy() {
      client.destroy();
      upstream.destroy();
      pairs.delete(pair);
    },
  };
  for (const socket of [client, upstream]) {
    socket.on("error", () => pair.destroy());
    socket.on("close", () => pair.destroy());
  }
  return pair;
}

function listen(server: net.Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}
