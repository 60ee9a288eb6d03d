import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RawConnection } from "@/tests/support/raw-connection";
import { createFrontServer } from "./front-server";

// A listener that names the path it was handed; short limits so a slow client is seen soon.
let server: Server;
let port: number;

beforeAll(async () => {
  server = createFrontServer(
    { headersTimeoutSeconds: 1, requestTimeoutSeconds: 1, keepAliveTimeoutSeconds: 5, maxConnections: 1000 },
    (request, response) => response.end(`path ${request.url}`),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

async function exchange(text: string): Promise<{ status: number; body: string } | "closed"> {
  const connection = new RawConnection(port).send(text);
  const answer = await connection.answer();
  connection.socket.destroy();
  return answer;
}

function expectJsonError(answer: Awaited<ReturnType<typeof exchange>>, status: number, code: string): void {
  expect(answer).not.toBe("closed");
  const { status: got, body } = answer as { status: number; body: string };
  expect(got).toBe(status);
  expect(JSON.parse(body)).toEqual({ code, message: expect.any(String), status });
}

describe("the front server's HTTP server (issue 20, findings 11, 12, 15)", () => {
  it("answers an unknown method with the JSON 400 bad_request", async () => {
    expectJsonError(await exchange("FOO /v1/pets HTTP/1.1\r\nHost: x\r\n\r\n"), 400, "bad_request");
  });

  it("answers headers over Node's limit with the JSON 431", async () => {
    const answer = await exchange(`GET /v1/pets HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`);
    expectJsonError(answer, 431, "headers_too_large");
  });

  it("answers headers that do not arrive in time with the JSON 408", async () => {
    expectJsonError(await exchange("GET /v1/pets HTTP/1.1\r\nHost: x\r\n"), 408, "request_timeout");
  });

  it("serves an absolute-form target for its own host as the path, and refuses another host", async () => {
    expect(await exchange("GET http://shop.example/v1/pets?x=1 HTTP/1.1\r\nHost: shop.example\r\n\r\n")).toEqual({
      status: 200,
      body: "path /v1/pets?x=1",
    });
    const refused = await exchange("GET http://evil.example/ HTTP/1.1\r\nHost: shop.example\r\n\r\n");
    expectJsonError(refused, 400, "bad_request");
  });
});
