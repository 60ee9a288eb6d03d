import fs from "node:fs";
import net from "node:net";
import { expect, inject, it } from "vitest";
import { validKey } from "@/tests/api/support/api";

/**
 * Issue 20, finding 8: a client that hangs up halfway through its request body is its own
 * doing, not a fault of the server's: no stack trace, no "unexpected error", no 500 in the
 * access log or the metrics; the access line says 499, the status nginx logs for a client
 * that closed the request (docs/decisions/135-client-aborts-are-not-server-faults.md).
 */

function logText(): string {
  return fs.readFileSync(inject("serverLogFile"), "utf8");
}

async function accessLine(requestId: string): Promise<Record<string, unknown> | undefined> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const line = logText()
      .split("\n")
      .filter((text) => text.startsWith("{"))
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.event === "request" && entry.requestId === requestId);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

/** A create that sends a part of its declared body, waits for the server to be reading it, and hangs up. */
async function abortMidBody(requestId: string): Promise<void> {
  const url = new URL(inject("baseUrl"));
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  socket.on("error", () => {});
  socket.write(
    `POST /v1/pets HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${validKey()}\r\n` +
      `Content-Type: application/json\r\nContent-Length: 2000\r\nX-Request-Id: ${requestId}\r\n\r\n{"name":"Abo`,
  );
  await new Promise((resolve) => setTimeout(resolve, 300));
  socket.destroy();
}

it("logs a client that hangs up mid-body as a client abort (499), with no error or stack trace", async () => {
  const requestId = `abort-test-${Date.now()}`;
  const before = logText().length;
  await abortMidBody(requestId);
  const line = await accessLine(requestId);
  expect(line, "an access line for the aborted request").toBeDefined();
  expect(line).toMatchObject({ method: "POST", route: "/v1/pets", status: 499 });
  const since = logText().slice(before);
  expect(since).not.toContain("unexpected error");
  expect(since).not.toContain("Error: aborted");
  expect(since).not.toMatch(/\n\s+at /);
  expect(since).not.toContain('"status":500');
});
