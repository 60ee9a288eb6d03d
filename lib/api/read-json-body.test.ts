import { describe, expect, it } from "vitest";
import { MAX_BODY_BYTES, readJsonBody } from "./read-json-body";

const post = (body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://x/v1/pets", { method: "POST", body, headers, duplex: "half" } as RequestInit);

async function refusal(request: Request) {
  return readJsonBody(request).then(
    () => {
      throw new Error("expected a refusal");
    },
    (error: { status: number; code: string }) => ({ status: error.status, code: error.code }),
  );
}

describe("readJsonBody", () => {
  it("parses a JSON body, with any charset parameter and case", async () => {
    expect(await readJsonBody(post('{"a":1}'))).toEqual({ a: 1 });
    expect(await readJsonBody(post("[1]", { "content-type": "Application/JSON; charset=UTF-8" }))).toEqual([1]);
  });

  it.each([undefined, "text/plain", "application/x-www-form-urlencoded", "application/jsonx"])(
    "answers 415 for content type %j",
    async (type) => {
      const headers: Record<string, string> = type ? { "content-type": type } : {};
      expect(await refusal(post('{"a":1}', headers))).toEqual({ status: 415, code: "unsupported_media_type" });
    },
  );

  it("answers 413 past the limit, also for a streamed body of unknown length", async () => {
    expect(await refusal(post("x".repeat(MAX_BODY_BYTES + 1)))).toEqual({ status: 413, code: "payload_too_large" });
    let pulls = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls += 1;
        controller.enqueue(new Uint8Array(1024).fill(32));
      },
    });
    expect(await refusal(post(endless))).toEqual({ status: 413, code: "payload_too_large" });
    expect(pulls).toBeLessThan(40); // it stopped reading soon after the limit
  });

  it("accepts a body of exactly the limit", async () => {
    const padded = `{"a":1${" ".repeat(MAX_BODY_BYTES - 8)}}`;
    expect(padded.length).toBe(MAX_BODY_BYTES - 1);
    expect(await readJsonBody(post(padded + " "))).toEqual({ a: 1 });
  });

  it.each(["", "   ", "{", "{'a':1}", "NaN", "\u00ff"])("answers 400 invalid_json for %j", async (body) => {
    expect(await refusal(post(body))).toEqual({ status: 400, code: "invalid_json" });
  });

  it("refuses bytes that are not UTF-8", async () => {
    expect(await refusal(post(new Uint8Array([0x22, 0xff, 0x22])))).toEqual({ status: 400, code: "invalid_json" });
  });
});
