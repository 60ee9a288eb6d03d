import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { RawConnection } from "@/tests/support/raw-connection";
import { PlainResponse } from "./plain-response";
import { v1Listener } from "./v1-listener";

// No store and no key are configured: /v1 answers what it answers without them (see
// serve-v1.test.ts), which is all most tests here need of the handlers. The few that need
// an answer /v1 never gives (a fault, a PlainResponse) put their own serveV1 in its place.
const stand = vi.hoisted(() => ({ in: undefined as ((request: Request) => Promise<Response>) | undefined }));
vi.mock("./serve-v1", async (importOriginal) => {
  const real = await importOriginal<typeof import("./serve-v1")>();
  return { ...real, serveV1: (request: Request) => (stand.in ?? real.serveV1)(request) };
});
afterEach(() => {
  stand.in = undefined;
  vi.restoreAllMocks();
});

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer(v1Listener("localhost"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Ask {
  method?: string;
  path: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
}

function send({ method = "GET", path, headers = {}, body }: Ask): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, method, path, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode!,
          headers: response.headers,
          body: text,
        }),
      );
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** An answer is the API's JSON Error body, with the headers every /v1 answer has. */
function expectJsonError(answer: Answer, status: number, code: string): void {
  expect(answer.status).toBe(status);
  expect(answer.headers["content-type"]).toBe("application/json");
  expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength(answer.body)));
  expect(answer.headers["x-request-id"]).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
  expect(answer.headers["cache-control"]).toBeTruthy();
  expect(JSON.parse(answer.body)).toMatchObject({ code, message: expect.any(String) });
}

describe("the front server's /v1 listener", () => {
  it("answers an unknown path with the JSON 404", async () => {
    expectJsonError(await send({ path: "/v1/nope" }), 404, "not_found");
  });

  it("hands the request's headers to the handler: its X-Request-Id comes back", async () => {
    const answer = await send({ path: "/v1/nope", headers: { "X-Request-Id": "trace-42" } });
    expect(answer.headers["x-request-id"]).toBe("trace-42");
  });

  it("answers a path with a malformed percent-escape with the JSON 400", async () => {
    expectJsonError(await send({ path: "/v1/pets/%zz" }), 400, "invalid_path");
  });

  it("answers a backslash in the path with the JSON 400", async () => {
    expectJsonError(await send({ path: "/v1\\pets" }), 400, "invalid_path");
  });

  it.each(["a/b", "user@example.com", "example.com:1:2", "EXAMPLE.com:3000"])(
    "answers a Host header that is no host (%s) with the JSON 400",
    async (host) => {
      expectJsonError(await send({ path: "/v1/pets", headers: { Host: host } }), 400, "invalid_path");
    },
  );

  it("answers a request without a key with the JSON 401, before reading its body", async () => {
    const answer = await send({
      method: "POST",
      path: "/v1/pets",
      headers: { "Content-Type": "application/json" },
      body: '{"name":"Rex"}',
    });
    expectJsonError(answer, 401, "unauthorized");
    expect(answer.headers["www-authenticate"]).toMatch(/^Bearer /);
  });
});

/** A raw connection to this file's server (tests/support/raw-connection.ts). */
class Connection extends RawConnection {
  constructor() {
    super(port);
  }
}

const POST_PETS_HEAD = (length: number) =>
  `POST /v1/pets HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

describe("a keep-alive connection after a body nobody read", () => {
  it("carries the next request once the rest of the body is drained", async () => {
    const body = Buffer.alloc(4 * 1024 * 1024, "x");
    const connection = new Connection().send(
      POST_PETS_HEAD(body.length),
      body,
      "GET /v1/nope HTTP/1.1\r\nHost: localhost\r\n\r\n",
    );
    try {
      expect(await connection.answer()).toMatchObject({ status: 401 });
      const next = await connection.answer();
      expect(next).toMatchObject({ status: 404 });
      expect(JSON.parse((next as { body: string }).body).code).toBe("not_found");
    } finally {
      connection.socket.destroy();
    }
  });

  it("is closed when the body stops coming, not held open for it", async () => {
    const connection = new Connection().send(POST_PETS_HEAD(10_000_000), Buffer.alloc(1024, "x"));
    try {
      expect(await connection.answer()).toMatchObject({ status: 401 });
      const answered = Date.now();
      expect(await connection.closed(5000)).toBe(true);
      // The body paused for two seconds (drain-incoming.ts) before the server gave up.
      expect(connection.closedAt! - answered).toBeGreaterThanOrEqual(1500);
      expect(connection.closedAt! - answered).toBeLessThan(4500);
    } finally {
      connection.socket.destroy();
    }
  });
});

describe("an answer written at once (a PlainResponse, as inside the front server's bundle)", () => {
  it("is sent whole, with its length", async () => {
    stand.in = async () => PlainResponse.json({ pets: ["é"] }, { status: 201 }) as unknown as Response;
    const answer = await send({ path: "/v1/pets" });
    expect(answer.status).toBe(201);
    expect(answer.headers["content-length"]).toBe(String(Buffer.byteLength('{"pets":["é"]}')));
    expect(JSON.parse(answer.body)).toEqual({ pets: ["é"] });
  });

  it("still drains the body nobody read, and closes a connection whose body stops coming", async () => {
    stand.in = async () => PlainResponse.json({ code: "unauthorized" }, { status: 401 }) as unknown as Response;
    const body = Buffer.alloc(1024 * 1024, "x");
    const drained = new Connection().send(
      POST_PETS_HEAD(body.length),
      body,
      "GET /v1/nope HTTP/1.1\r\nHost: localhost\r\n\r\n",
    );
    const stalled = new Connection().send(POST_PETS_HEAD(10_000_000), Buffer.alloc(1024, "x"));
    try {
      expect(await drained.answer()).toMatchObject({ status: 401 });
      expect(await drained.answer()).toMatchObject({ status: 401 });
      expect(await stalled.answer()).toMatchObject({ status: 401 });
      expect(await stalled.closed(5000)).toBe(true);
    } finally {
      drained.socket.destroy();
      stalled.socket.destroy();
    }
  });
});

describe("a fault in answering", () => {
  it("a handler that throws is the JSON 500, and is logged", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    stand.in = async () => {
      throw new Error("boom");
    };
    expectJsonError(await send({ path: "/v1/pets" }), 500, "internal_error");
    expect(logged).toHaveBeenCalled();
  });

  it("an answer whose body cannot be read is the JSON 500, not a half-written answer", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    stand.in = async () =>
      new Response(
        new ReadableStream({
          pull(controller) {
            controller.error(new Error("the body broke"));
          },
        }),
        { status: 200, headers: { "Content-Type": "application/json" } },
      );
    expectJsonError(await send({ path: "/v1/pets" }), 500, "internal_error");
  });
});
