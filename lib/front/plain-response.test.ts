import { describe, expect, it } from "vitest";
import { PlainResponse, STREAMED_BYTES } from "./plain-response";

// PlainResponse stands in for the platform's Response inside the front server's bundle:
// for what the handlers do with it, both must agree.
describe("PlainResponse behaves like the platform's Response for what handlers use", () => {
  const cases: [string, () => [Response, PlainResponse]][] = [
    ["Response.json", () => [Response.json({ a: [1] }), PlainResponse.json({ a: [1] })]],
    [
      "Response.json with status and headers",
      () => [
        Response.json({ a: 1 }, { status: 201, headers: { Location: "/x" } }),
        PlainResponse.json({ a: 1 }, { status: 201, headers: { Location: "/x" } }),
      ],
    ],
    [
      "Response.json keeping a given Content-Type",
      () => [
        Response.json(1, { headers: { "Content-Type": "application/problem+json" } }),
        PlainResponse.json(1, { headers: { "Content-Type": "application/problem+json" } }),
      ],
    ],
    ["a string body", () => [new Response("hé"), new PlainResponse("hé")]],
    [
      "a bodiless 204",
      () => [
        new Response(null, { status: 204, headers: { Allow: "GET" } }),
        new PlainResponse(null, { status: 204, headers: { Allow: "GET" } }),
      ],
    ],
    ["bytes", () => [new Response(new Uint8Array([1, 2])), new PlainResponse(new Uint8Array([1, 2]))]],
  ];

  it.each(cases)("%s", async (_label, make) => {
    const [platform, plain] = make();
    expect(plain.status).toBe(platform.status);
    expect(plain.ok).toBe(platform.ok);
    expect([...plain.headers]).toEqual([...platform.headers]);
    expect(plain.body === null).toBe(platform.body === null);
    expect(new Uint8Array(await plain.arrayBuffer())).toEqual(new Uint8Array(await platform.arrayBuffer()));
  });

  it("clones like the platform's: same status, headers and body, headers of its own", async () => {
    const [platform, plain] = [Response.json({ a: 1 }, { status: 201 }), PlainResponse.json({ a: 1 }, { status: 201 })];
    const [platformCopy, plainCopy] = [platform.clone(), plain.clone()];
    expect([plainCopy.status, await plainCopy.text()]).toEqual([platformCopy.status, await platformCopy.text()]);
    plainCopy.headers.set("X-Copy", "1");
    expect(plain.headers.has("X-Copy")).toBe(false);
    expect(await plain.text()).toBe(await platform.text());
  });

  it("refuses a body it could not write as is", () => {
    expect(() => new PlainResponse(new Blob(["x"]) as never)).toThrow(TypeError);
  });
});

describe("PlainResponse's headers belong to it alone", () => {
  it("copies headers given from another response, and a clone's are its own", () => {
    const first = PlainResponse.json({ a: 1 }, { headers: { "X-A": "1" } });
    const second = new PlainResponse("x", { headers: first.headers });
    second.headers.set("X-A", "2");
    const clone = first.clone();
    clone.headers.set("X-A", "3");
    expect(first.headers.get("x-a")).toBe("1");
    expect(second.headers.get("x-a")).toBe("2");
  });
});

describe("a PlainResponse with a streamed body (a large export)", () => {
  const streamOf = (...texts: string[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const text of texts) controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    });

  it("hands the stream on as its body, and counts its bytes once read", async () => {
    const plain = new PlainResponse(streamOf("a,b\r\n", "é\r\n"), { headers: { "Content-Type": "text/csv" } });
    expect(plain.headers.get("content-type")).toBe("text/csv");
    expect(await plain.text()).toBe("a,b\r\né\r\n");
    expect(await plain[STREAMED_BYTES]).toBe(Buffer.byteLength("a,b\r\né\r\n"));
  });

  it("counts what was read when the reader goes away", async () => {
    const plain = new PlainResponse(streamOf("abc", "def"));
    const reader = plain.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(await plain[STREAMED_BYTES]).toBe(3);
  });

  it("is split in two by clone, both reading the whole body", async () => {
    const plain = new PlainResponse(streamOf("x", "y"));
    const copy = plain.clone();
    expect([await plain.text(), await copy.text()]).toEqual(["xy", "xy"]);
  });

  it("is never counted for a body given whole", () => {
    expect(new PlainResponse("abc")[STREAMED_BYTES]).toBeUndefined();
  });
});
