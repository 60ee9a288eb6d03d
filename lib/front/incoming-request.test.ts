import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { BodyTooLargeError, readBody, saveBody, withBody, type BodySource } from "@/lib/api/body-source";
import { CLIENT_ADDRESS_HEADER } from "@/lib/rate-limit/client-address";
import { RawConnection } from "@/tests/support/raw-connection";
import { drainIncoming } from "./drain-incoming";
import { incomingRequest } from "./incoming-request";

type Handler = (request: Request, incoming: http.IncomingMessage, outgoing: http.ServerResponse) => Promise<unknown>;

let server: http.Server;
let port: number;
let handle: Handler;

// Each test's handler sees the Request and returns what it saw; the listener sends that back
// as JSON, then drains what is left of the body, as v1-listener.ts does.
beforeAll(async () => {
  server = http.createServer(async (incoming, outgoing) => {
    const request = incomingRequest(incoming, outgoing, "localhost");
    const seen = await handle(request, incoming, outgoing);
    if (!outgoing.headersSent) {
      const body = JSON.stringify(seen ?? null);
      outgoing.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      outgoing.end(body);
    }
    drainIncoming(incoming);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

const connections: Connection[] = [];
afterEach(() => {
  for (const connection of connections.splice(0)) connection.socket.destroy();
});

/** A raw connection to this file's server, closed after each test. */
class Connection extends RawConnection {
  constructor() {
    super(port);
    connections.push(this);
  }

  /** The answer to a request whose handler returned what it saw, as JSON. */
  async seen<T = unknown>(): Promise<T> {
    const answer = await this.answer();
    if (answer === "closed") throw new Error("the server closed the connection without an answer");
    expect(answer.status).toBe(200);
    return JSON.parse(answer.body) as T;
  }
}

/** A request's text: request line, header lines, then the body with its Content-Length. */
function requestText(line: string, headers: string[], body?: string | Buffer): (string | Buffer)[] {
  const fields = body === undefined ? headers : [...headers, `Content-Length: ${Buffer.byteLength(body)}`];
  const head = `${line} HTTP/1.1\r\n${fields.map((field) => `${field}\r\n`).join("")}\r\n`;
  return body === undefined ? [head] : [head, body];
}

/** A request whose body, "abécd!", comes in two chunks (Transfer-Encoding: chunked). */
function chunkedText(line: string): string[] {
  return [
    `${line} HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n`,
    "4\r\nab\u00e9\r\n",
    "3\r\ncd!\r\n",
    "0\r\n\r\n",
  ];
}

/** Resolves once, with the value given; for what a handler sees after its answer. */
function later<T>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Reads a little more than 20 KB of a body and cancels the rest, as a handler answering 413 does. */
async function readSomeThenCancel(body: ReadableStream<Uint8Array>): Promise<number> {
  const reader = body.getReader();
  let bytes = 0;
  while (bytes <= 20_000) bytes += (await reader.read()).value!.byteLength;
  await reader.cancel();
  return bytes;
}

describe("a handler sees Node's request as a Request", () => {
  it("the client address is the connection's: a client's X-Forwarded-For or own stamp changes nothing", async () => {
    handle = async (request) => request.headers.get(CLIENT_ADDRESS_HEADER);
    expect(await new Connection().send(...requestText("GET /v1/pets", ["Host: h"])).seen()).toBe("127.0.0.1");
    const forwarded = requestText("GET /v1/pets", [
      "Host: h",
      "X-Forwarded-For: 203.0.113.9",
      `${CLIENT_ADDRESS_HEADER}: 203.0.113.10`,
    ]);
    expect(await new Connection().send(...forwarded).seen()).toBe("127.0.0.1");
  });

  it("method, url and headers, the headers as the platform's Headers holds them", async () => {
    handle = async (request, incoming) => {
      const pairs = Array.from({ length: incoming.rawHeaders.length / 2 }, (_, i) => [
        incoming.rawHeaders[2 * i]!,
        incoming.rawHeaders[2 * i + 1]!,
      ]);
      return {
        method: request.method,
        url: request.url,
        headers: [...request.headers],
        // What start-up's stamp adds under `next start` too: the client address.
        platform: [...new Headers([...(pairs as [string, string][]), [CLIENT_ADDRESS_HEADER, "127.0.0.1"]])],
        tag: request.headers.get("X-TAG"),
        spaced: request.headers.get("x-spaced"),
        cookies: request.headers.getSetCookie(),
      };
    };
    const seen = await new Connection()
      .send(
        ...requestText('PATCH /v1/pets/./42?name=%C3%A9&q="{x}"', [
          "Host: example.com:3000",
          "X-Tag: a",
          "Accept: application/json",
          "x-tag: b",
          "X-Spaced:  \t two  words \t ",
          "Set-Cookie: s=1",
          "Set-Cookie: t=2",
          "X-Empty:",
        ]),
      )
      .seen<Record<string, unknown>>();
    expect(seen.method).toBe("PATCH");
    expect(seen.url).toBe("http://example.com:3000/v1/pets/42?name=%C3%A9&q=%22{x}%22");
    expect(seen.headers).toEqual(seen.platform);
    expect(seen.tag).toBe("a, b");
    expect(seen.spaced).toBe("two  words");
    expect(seen.cookies).toEqual(["s=1", "t=2"]);
    expect(seen.headers).toContainEqual(["x-empty", ""]);
  });

  it("the default host when the request has no Host header", async () => {
    handle = async (request) => request.url;
    const connection = new Connection().send("GET /v1/pets?limit=1 HTTP/1.0\r\n\r\n");
    expect(await connection.seen()).toBe("http://localhost/v1/pets?limit=1");
  });

  it("is a Request, with one Headers object however often it is asked for", async () => {
    handle = async (request) => {
      const clone = request.clone();
      return {
        isRequest: request instanceof Request,
        sameHeaders: request.headers === request.headers,
        cache: request.cache,
        redirect: request.redirect,
        bodyUsed: request.bodyUsed,
        cloneUrl: clone.url,
        cloneMethod: clone.method,
        cloneTag: clone.headers.get("x-tag"),
      };
    };
    const seen = await new Connection()
      .send(...requestText("DELETE /v1/pets/1", ["Host: h", "X-Tag: a", "X-Tag: b"]))
      .seen();
    expect(seen).toEqual({
      isRequest: true,
      sameHeaders: true,
      cache: "default",
      redirect: "follow",
      bodyUsed: false,
      cloneUrl: "http://h/v1/pets/1",
      cloneMethod: "DELETE",
      cloneTag: "a, b",
    });
  });
});

describe("the body", () => {
  it("text() and json() read the whole body", async () => {
    const pet = { name: "Rex é", tags: ["\u{1F408}"] };
    handle = async (request) => ({ json: await request.json(), bodyUsed: request.bodyUsed });
    expect(
      await new Connection().send(...requestText("POST /v1/pets", ["Host: h"], JSON.stringify(pet))).seen(),
    ).toEqual({ json: pet, bodyUsed: true });

    handle = async (request) => request.text();
    const socket = new Connection().send(...chunkedText("PUT /v1/pets/1"));
    expect(await socket.seen()).toBe("abécd!");
  });

  it("read with a reader, arrives whole and in order", async () => {
    const body = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7) % 251));
    handle = async (request) => {
      const reader = request.body!.getReader();
      const hash = createHash("sha256");
      let bytes = 0;
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        hash.update(chunk.value);
        bytes += chunk.value.byteLength;
      }
      return { bytes, sha256: hash.digest("hex") };
    };
    expect(await new Connection().send(...requestText("POST /v1/pets", ["Host: h"], body)).seen()).toEqual({
      bytes: body.length,
      sha256: createHash("sha256").update(body).digest("hex"),
    });
  });

  it("a GET has none", async () => {
    handle = async (request) => request.body;
    expect(await new Connection().send(...requestText("GET /v1/pets", ["Host: h"])).seen()).toBeNull();
  });

  it("cancelled part-way, leaves the connection open for the answer", async () => {
    handle = async (request, incoming) => {
      const bytes = await readSomeThenCancel(request.body!);
      return { stoppedAfterSome: bytes > 20_000, destroyed: incoming.destroyed || incoming.socket.destroyed };
    };
    const connection = new Connection().send(...requestText("POST /v1/pets", ["Host: h"], "x".repeat(1_000_000)));
    expect(await connection.seen()).toEqual({ stoppedAfterSome: true, destroyed: false });
  });

  it("cancelled part-way, is drained so the next request on the connection is answered", async () => {
    handle = async (request) => {
      if (request.body) await readSomeThenCancel(request.body);
      return request.method;
    };
    const connection = new Connection().send(
      ...requestText("POST /v1/pets", ["Host: h"], "x".repeat(1_000_000)),
      ...requestText("GET /v1/pets", ["Host: h"]),
    );
    expect(await connection.seen()).toBe("POST");
    expect(await connection.seen()).toBe("GET");
  });

  it("left unread, is drained so the next request on the connection is answered", async () => {
    handle = async (request) => request.method;
    const connection = new Connection().send(
      ...requestText("POST /v1/pets", ["Host: h"], "x".repeat(1_000_000)),
      ...requestText("GET /v1/pets", ["Host: h"]),
    );
    expect(await connection.seen()).toBe("POST");
    expect(await connection.seen()).toBe("GET");
  });
});

describe("the body read whole, without a stream (lib/api/body-source.ts)", () => {
  const read = (request: Request, limit: number) => (request as Request & BodySource)[readBody](limit);
  const copyWith = (request: Request, bytes: Uint8Array) => (request as Request & BodySource)[withBody](bytes);

  it("arrives whole, chunked or not", async () => {
    handle = async (request) => Buffer.from(await read(request, 1000)).toString("utf8");
    expect(await new Connection().send(...requestText("POST /v1/pets", ["Host: h"], '{"name":"Rex é"}')).seen()).toBe(
      '{"name":"Rex é"}',
    );
    const chunked = new Connection().send(...chunkedText("POST /v1/pets"));
    expect(await chunked.seen()).toBe("abécd!");
  });

  it("past the limit, stops with BodyTooLargeError and the next request on the connection is answered", async () => {
    handle = async (request) => {
      if (request.method === "GET") return "GET";
      return read(request, 16 * 1024).then(
        () => "read it all",
        (error: unknown) => (error instanceof BodyTooLargeError ? "too large" : String(error)),
      );
    };
    const connection = new Connection().send(
      ...requestText("POST /v1/pets", ["Host: h"], "x".repeat(1_000_000)),
      ...requestText("GET /v1/pets", ["Host: h"]),
    );
    expect(await connection.seen()).toBe("too large");
    expect(await connection.seen()).toBe("GET");
  });

  it("an empty body is no bytes", async () => {
    handle = async (request) => (await read(request, 10)).byteLength;
    expect(await new Connection().send(...requestText("POST /v1/pets", ["Host: h"], "")).seen()).toBe(0);
  });

  it("a copy with the body already read is the same request, readable again every way", async () => {
    handle = async (request) => {
      const bytes = await read(request, 1000);
      const copy = copyWith(request, bytes);
      const again = Buffer.from(await read(copy, 1000)).toString("utf8");
      return {
        isRequest: copy instanceof Request,
        url: copy.url,
        method: copy.method,
        type: copy.headers.get("content-type"),
        again,
        json: await copyWith(request, bytes).json(),
        tooLargeForLess: await read(copy, 2).catch((error: unknown) => error instanceof BodyTooLargeError),
      };
    };
    const body = JSON.stringify({ name: "Rex" });
    const connection = new Connection().send(
      ...requestText("POST /v1/pets?x=1", ["Host: h", "Content-Type: application/json"], body),
    );
    expect(await connection.seen()).toEqual({
      isRequest: true,
      url: "http://h/v1/pets?x=1",
      method: "POST",
      type: "application/json",
      again: body,
      json: { name: "Rex" },
      tooLargeForLess: true,
    });
  });
});

describe("the signal", () => {
  it("aborts when the client leaves before its answer", async () => {
    const started = later<void>();
    const aborted = later<boolean>();
    handle = async (request, _incoming, outgoing) => {
      const { signal } = request;
      started.resolve();
      await new Promise((resolve) => outgoing.once("close", resolve));
      aborted.resolve(signal.aborted);
    };
    const connection = new Connection().send(...requestText("GET /v1/pets", ["Host: h"]));
    await started.promise;
    connection.socket.destroy();
    expect(await aborted.promise).toBe(true);
  });

  it("asked for after the client left, is already aborted", async () => {
    const started = later<void>();
    const aborted = later<boolean>();
    handle = async (request, _incoming, outgoing) => {
      started.resolve();
      await new Promise((resolve) => outgoing.once("close", resolve));
      aborted.resolve(request.signal.aborted);
    };
    const connection = new Connection().send(...requestText("GET /v1/pets", ["Host: h"]));
    await started.promise;
    connection.socket.destroy();
    expect(await aborted.promise).toBe(true);
  });

  it("does not abort once the answer was written, even when the client then leaves", async () => {
    const aborted = later<boolean>();
    handle = async (request, _incoming, outgoing) => {
      const { signal } = request;
      outgoing.once("close", () => setImmediate(() => aborted.resolve(signal.aborted)));
      outgoing.writeHead(204).end();
    };
    const connection = new Connection().send(...requestText("GET /v1/pets", ["Host: h"]));
    expect(await connection.answer()).toEqual({ status: 204, body: "" });
    connection.socket.destroy();
    expect(await aborted.promise).toBe(false);
  });
});

describe("the body saved to a file, without holding it (docs/decisions/199)", () => {
  const save = (request: Request, limit: number, file: string) =>
    (request as Request & BodySource)[saveBody](limit, file);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-save-body-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("arrives whole in the file, chunked or not", async () => {
    handle = async (request) => {
      const file = path.join(dir, `${Math.random()}.upload`);
      await save(request, 2_000_000, file);
      return createHash("sha256").update(fs.readFileSync(file)).digest("hex");
    };
    const big = Buffer.alloc(1_500_000, "photo");
    const expected = createHash("sha256").update(big).digest("hex");
    expect(await new Connection().send(...requestText("POST /v1/pets/1/photos", ["Host: h"], big)).seen()).toBe(
      expected,
    );
    handle = async (request) => {
      const file = path.join(dir, `${Math.random()}.upload`);
      await save(request, 1000, file);
      return fs.readFileSync(file, "utf8");
    };
    expect(await new Connection().send(...chunkedText("POST /v1/pets/1/photos")).seen()).toBe("abécd!");
  });

  it("past the limit, stops with BodyTooLargeError and the next request on the connection is answered", async () => {
    handle = async (request) => {
      if (request.method === "GET") return "GET";
      return save(request, 16 * 1024, path.join(dir, "too-large.upload")).then(
        () => "saved it all",
        (error: unknown) => (error instanceof BodyTooLargeError ? "too large" : String(error)),
      );
    };
    const connection = new Connection().send(
      ...requestText("POST /v1/pets/1/photos", ["Host: h"], "x".repeat(1_000_000)),
      ...requestText("GET /v1/pets", ["Host: h"]),
    );
    expect(await connection.seen()).toBe("too large");
    expect(await connection.seen()).toBe("GET");
  });
});
