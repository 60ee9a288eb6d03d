import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipIfAccepted } from "./gzip-response";

const big = JSON.stringify({ text: "x".repeat(2000) });
const request = (acceptEncoding?: string, method = "GET") =>
  new Request("http://localhost/v1/openapi.json", {
    method,
    headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
  });
const document = (body = big, cacheControl = "public, max-age=300") =>
  new Response(body, { headers: { "content-type": "application/json", "cache-control": cacheControl } });

describe("gzip like Next's compression", () => {
  it("gzips a cacheable answer of 1 KiB or more when the client accepts gzip", async () => {
    const response = await gzipIfAccepted(request("gzip, deflate, br"), document());
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(gunzipSync(Buffer.from(await response.arrayBuffer())).toString()).toBe(big);
  });

  it.each([undefined, "identity", "br", "gzip;q=0"])("sends it as is when Accept-Encoding is %j", async (accept) => {
    const response = await gzipIfAccepted(request(accept), document());
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(await response.text()).toBe(big);
  });

  it("leaves no-transform answers (every other /v1 answer) and small ones alone", async () => {
    const apiAnswer = document(big, "no-store, no-transform");
    expect(await gzipIfAccepted(request("gzip"), apiAnswer)).toBe(apiAnswer);
    const small = await gzipIfAccepted(request("gzip"), document("[]"));
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.text()).toBe("[]");
  });
});
