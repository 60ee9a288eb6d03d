import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedDelivery {
  headers: Record<string, string>;
  body: string;
  at: number;
}

/**
 * A webhook receiver on 127.0.0.1 for tests: keeps every request, and answers each with the
 * next of `answers` (then 204). The tests verify what it got with the standardwebhooks package.
 */
export async function startWebhookReceiver(answers: { status: number; headers?: Record<string, string> }[] = []) {
  const received: ReceivedDelivery[] = [];
  const waiters = new Set<() => void>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      });
      for (const wake of waiters) wake();
      const answer = answers.shift() ?? { status: 204 };
      response
        .writeHead(answer.status, answer.headers)
        .end(answer.status === 204 ? undefined : `status ${answer.status}`);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** Resolves once `count` requests have arrived, or rejects after `ms`. */
    async waitFor(count: number, ms = 15_000): Promise<ReceivedDelivery[]> {
      const deadline = Date.now() + ms;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`the receiver got ${received.length} of ${count} deliveries`);
        await new Promise<void>((resolve) => {
          const wake = () => {
            waiters.delete(wake);
            resolve();
          };
          waiters.add(wake);
          setTimeout(wake, 100);
        });
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
