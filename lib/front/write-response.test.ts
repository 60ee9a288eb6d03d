import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PlainResponse } from "./plain-response";
import { writeResponse } from "./write-response";

let server: http.Server;
let port: number;
let next: Response;

beforeAll(async () => {
  server = http.createServer((_request, outgoing) => void writeResponse(next, outgoing));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());

function fetchRaw(method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: "127.0.0.1", port, method, agent: false }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      })
      .on("error", reject)
      .end();
  });
}

describe("writing a handler's Response to Node", () => {
  it.each([
    ["a PlainResponse", () => PlainResponse.json({ pets: ["é"] }, { status: 201 }) as unknown as Response],
    ["a platform Response", () => Response.json({ pets: ["é"] }, { status: 201 })],
  ])("%s: status, headers, body and its length in bytes", async (_label, make) => {
    next = make();
    const { status, headers, body } = await fetchRaw();
    expect(status).toBe(201);
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["content-length"]).toBe(String(Buffer.byteLength('{"pets":["é"]}')));
    expect(headers["transfer-encoding"]).toBeUndefined();
    expect(body).toBe('{"pets":["é"]}');
  });

  it("a bodiless 204 gets no Content-Type", async () => {
    next = new PlainResponse(null, { status: 204, headers: { Allow: "GET, HEAD" } }) as unknown as Response;
    const { status, headers, body } = await fetchRaw("OPTIONS");
    expect({ status, allow: headers.allow, type: headers["content-type"], body }).toEqual({
      status: 204,
      allow: "GET, HEAD",
      type: undefined,
      body: "",
    });
  });

  it("HEAD sends the headers and no body", async () => {
    next = PlainResponse.json([1, 2, 3]) as unknown as Response;
    const { status, headers, body } = await fetchRaw("HEAD");
    expect({ status, length: headers["content-length"], body }).toEqual({ status: 200, length: "7", body: "" });
  });

  it("a PlainResponse's stream is written as it comes, without a length", async () => {
    const lines = ["id,name\r\n", "1,Rex\r\n", "2,Ivy\r\n"];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const line = lines.shift();
        if (line === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(line));
      },
    });
    next = new PlainResponse(stream, { headers: { "Content-Type": "text/csv" } }) as unknown as Response;
    const { status, headers, body } = await fetchRaw();
    expect({ status, type: headers["content-type"], length: headers["content-length"] }).toEqual({
      status: 200,
      type: "text/csv",
      length: undefined,
    });
    expect(headers["transfer-encoding"]).toBe("chunked");
    expect(body).toBe("id,name\r\n1,Rex\r\n2,Ivy\r\n");
  });
});
